// The main home page when its content cannot be had: a message and a Reload Page
// button. The button is a link to this same address, so it reloads without JavaScript too.
import { RefreshCw, TriangleAlert } from "lucide-react";
import { useLocation } from "react-router";
import { Button } from "~/ui/button";

export function ContentError() {
  const { pathname, search } = useLocation();
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-destructive ring-1 ring-red-100">
        <TriangleAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-navy sm:text-4xl">
        Error Loading Content
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-600">
        We're having trouble loading the website content. Please try refreshing the page.
      </p>
      <Button asChild size="lg" className="mt-8">
        <a
          href={`${pathname}${search}`}
          onClick={(event) => {
            event.preventDefault();
            window.location.reload();
          }}
        >
          <RefreshCw aria-hidden="true" />
          Reload Page
        </a>
      </Button>
    </section>
  );
}
