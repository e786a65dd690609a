// schema.org structured data (JSON-LD) for the public pages, built from the content: the firm as a
// ProfessionalService, the WebSite, a Service per service page, an Article per article and a
// BreadcrumbList below the home page. Google's rich-result rules set the required properties.

export type JsonLd = { [key: string]: JsonLdValue };
type JsonLdValue = string | number | boolean | JsonLd | JsonLdValue[];

/** What the structured data says about the firm, from the shell content every page has. */
export type SiteIdentity = {
  siteUrl: string;
  companyName: string;
  description: string;
  contact: { address: string; phone: string; email: string };
  /** The firm's profiles elsewhere (the footer's profile links). */
  profileUrls: string[];
  /**
   * The logo uploaded on the Brand screen, as the header shows it (`pngSrc`: an SVG's PNG, since
   * search engines take no SVG logo); none: the built-in mark.
   */
  logo?: { src: string; pngSrc?: string };
};

export type ServiceFacts = { name: string; description: string };
export type ArticleFacts = {
  headline: string;
  description: string;
  datePublished: string;
  dateModified?: string;
  authorName: string;
};

const context = "https://schema.org";

/** The firm's logo: the uploaded one, else the built-in mark drawn as a 512 px PNG. */
function getLogoUrl(site: SiteIdentity): string {
  const logo = site.logo?.pngSrc ?? site.logo?.src;
  return `${site.siteUrl}${logo ?? "/og/logo.png"}`;
}

/** The firm's stable id, so every page's entities point at one organization. */
function getOrganizationId(siteUrl: string): string {
  return `${siteUrl}/#organization`;
}

/**
 * "500 W 2nd Street, Suite 1900, Austin, TX 78701" as a PostalAddress: the last two parts are the
 * town and "region postcode"; anything that does not read that way stays one street address.
 */
export function toPostalAddress(address: string): JsonLd {
  const parts = address
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const regionAndCode = /^([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(parts.at(-1) ?? "");
  if (parts.length < 3 || !regionAndCode) {
    return { "@type": "PostalAddress", streetAddress: address };
  }
  return {
    "@type": "PostalAddress",
    streetAddress: parts.slice(0, -2).join(", "),
    addressLocality: parts.at(-2) ?? "",
    addressRegion: regionAndCode[1] ?? "",
    postalCode: regionAndCode[2] ?? "",
    addressCountry: "US",
  };
}

export function buildOrganization(site: SiteIdentity, image: string): JsonLd {
  const address = toPostalAddress(site.contact.address);
  return {
    "@context": context,
    "@type": "ProfessionalService",
    "@id": getOrganizationId(site.siteUrl),
    name: site.companyName,
    description: site.description,
    url: `${site.siteUrl}/`,
    logo: getLogoUrl(site),
    image,
    telephone: site.contact.phone,
    email: site.contact.email,
    address,
    // The firm serves the region its office is in; a bare street address names no region.
    areaServed:
      typeof address.addressRegion === "string"
        ? { "@type": "State", name: address.addressRegion }
        : { "@type": "Country", name: "United States" },
    ...(site.profileUrls.length > 0 ? { sameAs: site.profileUrls } : {}),
  };
}

export function buildWebSite(site: SiteIdentity): JsonLd {
  return {
    "@context": context,
    "@type": "WebSite",
    name: site.companyName,
    url: `${site.siteUrl}/`,
    publisher: { "@id": getOrganizationId(site.siteUrl) },
  };
}

export function buildService(site: SiteIdentity, url: string, service: ServiceFacts): JsonLd {
  return {
    "@context": context,
    "@type": "Service",
    name: service.name,
    serviceType: service.name,
    description: service.description,
    url,
    provider: {
      "@type": "ProfessionalService",
      "@id": getOrganizationId(site.siteUrl),
      name: site.companyName,
    },
  };
}

export function buildArticle(
  site: SiteIdentity,
  url: string,
  image: string,
  article: ArticleFacts,
): JsonLd {
  return {
    "@context": context,
    "@type": "Article",
    // Google shows at most 110 characters of a headline.
    headline: article.headline.slice(0, 110),
    description: article.description,
    image: [image],
    datePublished: article.datePublished,
    dateModified: article.dateModified ?? article.datePublished,
    author: { "@type": "Person", name: article.authorName },
    publisher: {
      "@type": "Organization",
      "@id": getOrganizationId(site.siteUrl),
      name: site.companyName,
      logo: { "@type": "ImageObject", url: getLogoUrl(site) },
    },
    mainEntityOfPage: url,
  };
}

export type Crumb = { name: string; path: string };

export function buildBreadcrumbs(siteUrl: string, trail: readonly Crumb[]): JsonLd {
  return {
    "@context": context,
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${siteUrl}${crumb.path}`,
    })),
  };
}
