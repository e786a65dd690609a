// A legal text from the content (privacy policy, terms of service) under a page header, set for
// comfortable reading, with a way to ask questions about it.
import { Link } from "react-router";
import { RichText } from "~/capabilities/rich-text/rich-text-html";
import type { SiteContent } from "~/features/content/schema";
import { fillPlaceholders } from "~/features/content/text";
import { PageHeader } from "~/ui/sections/page-header";
import { Container } from "~/ui/sections/section-heading";

/** What a legal page's loader sends: the text and the words around it, the intro filled in. */
export function pickLegalPage(content: SiteContent, page: "privacyPolicy" | "termsOfService") {
  const { legal } = content;
  const intro = page === "privacyPolicy" ? legal.privacyIntro : legal.termsIntro;
  return {
    html: legal[page],
    description: fillPlaceholders(intro, { company: content.general.companyName }),
    eyebrow: legal.eyebrow,
    questionsText: legal.questionsText,
    contactLinkText: legal.contactLinkText,
  };
}

export function LegalDocument({
  title,
  page,
}: {
  title: string;
  page: ReturnType<typeof pickLegalPage>;
}) {
  return (
    <>
      <PageHeader eyebrow={page.eyebrow} title={title} description={page.description} />
      <Container className="py-14 sm:py-20">
        <article className="mx-auto max-w-3xl">
          <RichText
            html={page.html}
            className="text-base leading-relaxed text-slate-700 sm:text-lg"
          />
          <p className="mt-12 border-t border-border pt-6 text-sm text-slate-600">
            {page.questionsText}{" "}
            <Link to="/contact" className="font-semibold text-primary hover:underline">
              {page.contactLinkText}
            </Link>
            .
          </p>
        </article>
      </Container>
    </>
  );
}
