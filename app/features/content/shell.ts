// The slice of content that every public page's header and footer need, so the full document
// (legal texts, service details) is not sent with every page.
import { describeImageSources, getSvgPngUrl } from "~/capabilities/media/image-variants";
import { toSlug } from "~/platform/slug";
import { fitLogoBox } from "~/ui/site-logo";
import type { SiteContent } from "./schema";
import { formatCopyright } from "./text";

export type ShellContent = ReturnType<typeof getShellContent>;

/** One of the offered widths: wide enough for search engines (112 px at least), small to fetch. */
const logoPngWidth = 640;

/**
 * The uploaded logo's sources, or undefined for the built-in mark. An SVG is shown as it is, with
 * a PNG of it for the crawlers that read no SVG.
 */
function describeLogo({ logoUrl, logoWidth, logoHeight }: SiteContent["brand"]) {
  if (logoHeight <= 0) return undefined;
  const png = getSvgPngUrl(logoUrl, logoPngWidth);
  if (png) {
    const { width, height } = fitLogoBox(logoWidth, logoHeight);
    return { src: logoUrl, pngSrc: png, width, height };
  }
  const sources = describeImageSources(logoUrl, logoWidth);
  return sources
    ? { src: sources.src, srcSet: sources.srcSet, ...fitLogoBox(logoWidth, logoHeight) }
    : undefined;
}

export function getShellContent(content: SiteContent, year: number) {
  return {
    companyName: content.general.companyName,
    logo: describeLogo(content.brand),
    tagline: content.general.tagline,
    footerDescription: content.footer.description,
    copyright: formatCopyright(content.footer.copyright, year),
    contact: {
      email: content.contact.email,
      phone: content.contact.phone,
      address: content.contact.address,
    },
    profileUrls: content.navigation.profiles.map((profile) => profile.url),
    services: content.services.items.map((item) => ({
      title: item.title,
      slug: toSlug(item.title),
    })),
    footerLinks: {
      quickLinksHeading: content.footer.quickLinksHeading,
      servicesHeading: content.footer.servicesHeading,
      viewAllServicesText: content.footer.viewAllServicesText,
    },
    newsletter: {
      heading: content.cta.newsletterHeading,
      description: content.cta.newsletterDescription,
      form: {
        emailLabel: content.forms.newsletterEmailLabel,
        placeholder: content.forms.newsletterPlaceholder,
        buttonText: content.forms.newsletterButtonText,
        sendingText: content.forms.newsletterSendingText,
      },
    },
  };
}
