// The body of a 404 for a detail page whose record does not exist (an unknown case study or
// article): what was missing and the way back to its list.
import { ArrowLeft, SearchX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/ui/button";

export function NotFoundNotice({
  heading,
  text,
  backTo,
  backLabel,
}: {
  heading: string;
  text: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center sm:py-32">
      <div className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <SearchX className="size-7" aria-hidden="true" />
      </div>
      <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-primary">404</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-navy sm:text-5xl">{heading}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={backTo}>
            <ArrowLeft aria-hidden="true" />
            {backLabel}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </section>
  );
}
