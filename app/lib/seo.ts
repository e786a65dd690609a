// Head tags for a public page: unique title, meta description, canonical link and Open Graph.
// Route modules call it from their meta() with the root loader's siteUrl and companyName.
import type { MetaDescriptor } from "react-router";

type RootData = { siteUrl: string; shell: { companyName: string } };

type MetaArgsLike = {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
};

export type PageMeta = {
  /** The page's own title; the company name is appended unless the title already has it. */
  title: string;
  description: string;
  /** Canonical path; defaults to the current path. */
  path?: string;
  /** An image path under /images/ for link previews. */
  image?: string;
  type?: "website" | "article";
  noindex?: boolean;
};

export function buildPageMeta(args: MetaArgsLike, page: PageMeta): MetaDescriptor[] {
  // React Router 8 hands each match's data over as loaderData.
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as
    | RootData
    | undefined;
  const siteUrl = root?.siteUrl ?? "";
  const companyName = root?.shell.companyName ?? "";
  // A title that already names the company (the home page's) does not get it twice.
  const title =
    companyName && !page.title.includes(companyName)
      ? `${page.title} | ${companyName}`
      : page.title;
  const url = `${siteUrl}${page.path ?? args.location.pathname}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: companyName },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
  ];
  if (page.image) tags.push({ property: "og:image", content: `${siteUrl}${page.image}` });
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
