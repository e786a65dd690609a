// Any path no route claims: the spec's 404 page, with status 404.
import { Compass } from "lucide-react";
import { data, Link } from "react-router";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "404 Page Not Found",
    description: "The page you are looking for does not exist.",
    noindex: true,
  });
}

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center sm:py-32">
      <div className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <Compass className="size-7" aria-hidden="true" />
      </div>
      <h1 className="mt-6 text-4xl font-bold tracking-tight text-navy sm:text-5xl">
        404 Page Not Found
      </h1>
      <p className="mt-4 text-lg text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <p className="mt-2 text-sm text-slate-500">
        Did you forget to add the page to the router? Every page is listed in app/routes.ts.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Back to Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/contact">Contact Us</Link>
        </Button>
      </div>
    </section>
  );
}
