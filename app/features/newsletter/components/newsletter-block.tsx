// The blog's newsletter sign-up: heading, description and the note on what subscribing means from
// content, and the shared newsletter form.
import { Mail } from "lucide-react";
import { NewsletterForm } from "./newsletter-form";

export function NewsletterBlock({
  heading,
  description,
  note,
}: {
  heading: string;
  description: string;
  note: string;
}) {
  return (
    <section aria-labelledby="blog-newsletter-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl rounded-2xl bg-gradient-to-br from-primary to-navy px-6 py-12 text-center shadow-lg sm:px-12">
          <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-white/10">
            <Mail className="size-6 text-accent-light" aria-hidden="true" />
          </div>
          <h2
            id="blog-newsletter-heading"
            className="mt-5 text-3xl font-bold tracking-tight text-white"
          >
            {heading}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-200">{description}</p>
          <NewsletterForm className="mx-auto mt-8 max-w-md" inverse />
          <p className="mt-4 text-xs text-slate-300">{note}</p>
        </div>
      </div>
    </section>
  );
}
