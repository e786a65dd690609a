// A legal text from the content (privacy policy, terms of service) under a page header, set for
// comfortable reading, with a way to ask questions about it.
import { Link } from "react-router";
import { RichText } from "~/ui/rich-text";
import { PageHeader } from "~/ui/sections/page-header";
import { Container } from "~/ui/sections/section-heading";

export function LegalDocument({
  title,
  description,
  html,
}: {
  title: string;
  description: string;
  html: string;
}) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={title} description={description} />
      <Container className="py-14 sm:py-20">
        <article className="mx-auto max-w-3xl">
          <RichText html={html} className="text-base leading-relaxed text-slate-700 sm:text-lg" />
          <p className="mt-12 border-t border-border pt-6 text-sm text-slate-600">
            Questions about this page?{" "}
            <Link to="/contact" className="font-semibold text-primary hover:underline">
              Contact us
            </Link>
            .
          </p>
        </article>
      </Container>
    </>
  );
}
