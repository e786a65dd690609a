// The head of an alternative home layout (/option1..3): served at its own address, but it speaks
// for the home page, so search engines are told to index only "/" (its canonical) and not it.
import { buildPageMeta, type PageMeta } from "~/platform/seo/meta";

export function buildAlternativeHomeMeta(
  args: Parameters<typeof buildPageMeta>[0],
  page: Pick<PageMeta, "title" | "description">,
) {
  return buildPageMeta(args, { ...page, path: "/", noindex: true });
}
