// What a page looks like while a client-side navigation loads it: placeholders
// shaped like the target page's sections, chosen by its path.
import { Skeleton } from "~/ui/skeleton";
import { CardGridSkeleton, IntroSkeleton, SectionSkeleton, TextSkeleton } from "./skeleton-parts";

export type SkeletonKind =
  | "home"
  | "list"
  | "detail"
  | "case-studies"
  | "blog"
  | "article"
  | "contact"
  | "booking"
  | "text";

/** The skeleton that resembles the page at a path. */
export function selectSkeletonKind(pathname: string): SkeletonKind {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/" || /^\/option[1-3]$/.test(path)) return "home";
  if (path === "/services") return "list";
  if (path.startsWith("/services/")) return "detail";
  if (path === "/case-studies") return "case-studies";
  if (path.startsWith("/case-studies/")) return "article";
  if (path === "/blog") return "blog";
  if (path.startsWith("/blog/")) return "article";
  if (path === "/contact") return "contact";
  if (path === "/booking") return "booking";
  return "text";
}

function HomeSkeleton() {
  return (
    <>
      <IntroSkeleton tall buttons={2} />
      <SectionSkeleton>
        <Skeleton className="h-9 w-64" />
        <Skeleton className="mt-4 h-5 w-full max-w-xl" />
        <div className="mt-10">
          <CardGridSkeleton count={4} columns={4} />
        </div>
      </SectionSkeleton>
    </>
  );
}

function ListSkeleton() {
  return (
    <>
      <IntroSkeleton />
      <SectionSkeleton>
        <CardGridSkeleton count={6} columns={3} />
      </SectionSkeleton>
    </>
  );
}

function DetailSkeleton() {
  return (
    <>
      <IntroSkeleton buttons={2} />
      <SectionSkeleton>
        <div className="flex gap-2">
          {[
            ["overview", "w-28"],
            ["approach", "w-32"],
            ["capabilities", "w-28"],
            ["use-cases", "w-24"],
          ].map(([tab, width]) => (
            <Skeleton key={tab} className={`h-10 ${width}`} />
          ))}
        </div>
        <div className="mt-8 grid gap-8 lg:grid-cols-2">
          <TextSkeleton lines={6} />
          <TextSkeleton lines={6} />
        </div>
      </SectionSkeleton>
    </>
  );
}

function CaseStudiesSkeleton() {
  return (
    <>
      <IntroSkeleton />
      <SectionSkeleton>
        {[false, true].map((reversed) => (
          <div key={String(reversed)} className="mb-20 grid gap-10 lg:grid-cols-2 lg:gap-14">
            <div className={reversed ? "lg:order-2" : undefined}>
              <Skeleton className="h-6 w-32 rounded-full" />
              <Skeleton className="mt-4 h-9 w-5/6" />
              <TextSkeleton lines={3} className="mt-5" />
              <Skeleton className="mt-8 h-32 w-full rounded-xl" />
              <Skeleton className="mt-4 h-40 w-full rounded-xl" />
            </div>
            <Skeleton
              className={`order-first aspect-[3/2] w-full rounded-2xl ${reversed ? "lg:order-1" : "lg:order-none"}`}
            />
          </div>
        ))}
      </SectionSkeleton>
    </>
  );
}

function BlogSkeleton() {
  return (
    <>
      <div className="border-b border-border bg-gradient-to-br from-slate-50 via-white to-tint">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="mt-5 h-11 w-full max-w-xl" />
          <Skeleton className="mt-6 h-5 w-full max-w-2xl" />
          <Skeleton className="mt-10 h-11 w-full max-w-xl" />
          <div className="mt-5 flex flex-wrap gap-2">
            {["w-12", "w-40", "w-32", "w-44"].map((width) => (
              <Skeleton key={width} className={`h-9 rounded-full ${width}`} />
            ))}
          </div>
        </div>
      </div>
      <SectionSkeleton>
        <CardGridSkeleton count={3} columns={3} image />
      </SectionSkeleton>
    </>
  );
}

function ArticleSkeleton() {
  return (
    <>
      <div className="border-b border-border bg-gradient-to-br from-slate-50 via-white to-tint">
        <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-16">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="mt-6 h-6 w-32 rounded-full" />
          <Skeleton className="mt-4 h-12 w-full" />
          <Skeleton className="mt-3 h-12 w-3/4" />
          <TextSkeleton lines={2} className="mt-6" />
        </div>
      </div>
      <div className="mx-auto max-w-4xl px-4 pt-10 sm:px-6">
        <Skeleton className="aspect-[3/2] w-full rounded-2xl" />
      </div>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <TextSkeleton lines={8} />
      </div>
    </>
  );
}

function ContactSkeleton() {
  return (
    <>
      <IntroSkeleton />
      <SectionSkeleton>
        <div className="grid gap-8 lg:grid-cols-3">
          <div className="space-y-5 rounded-xl border border-border p-6 lg:col-span-2">
            <Skeleton className="h-7 w-48" />
            {["name", "email", "phone", "company"].map((field) => (
              <Skeleton key={field} className="h-10 w-full" />
            ))}
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-11 w-40" />
          </div>
          <div className="space-y-6">
            <Skeleton className="h-56 w-full rounded-xl" />
            <Skeleton className="h-40 w-full rounded-xl" />
          </div>
        </div>
      </SectionSkeleton>
    </>
  );
}

function BookingSkeleton() {
  return (
    <>
      <IntroSkeleton />
      <SectionSkeleton>
        <div className="flex gap-2">
          {["w-28", "w-32", "w-36"].map((width) => (
            <Skeleton key={width} className={`h-10 ${width}`} />
          ))}
        </div>
        <Skeleton className="mt-8 h-[700px] w-full rounded-xl" />
      </SectionSkeleton>
    </>
  );
}

function TextPageSkeleton() {
  return (
    <>
      <IntroSkeleton />
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <Skeleton className="h-7 w-56" />
        <TextSkeleton lines={5} className="mt-5" />
        <Skeleton className="mt-10 h-7 w-48" />
        <TextSkeleton lines={4} className="mt-5" />
      </div>
    </>
  );
}

const skeletons: Record<SkeletonKind, () => React.JSX.Element> = {
  home: HomeSkeleton,
  list: ListSkeleton,
  detail: DetailSkeleton,
  "case-studies": CaseStudiesSkeleton,
  blog: BlogSkeleton,
  article: ArticleSkeleton,
  contact: ContactSkeleton,
  booking: BookingSkeleton,
  text: TextPageSkeleton,
};

export function PageSkeleton({ pathname }: { pathname: string }) {
  const kind = selectSkeletonKind(pathname);
  const Shape = skeletons[kind];
  return (
    <div data-skeleton={kind}>
      <p role="status" className="sr-only">
        Loading page...
      </p>
      <div aria-hidden="true">
        <Shape />
      </div>
    </div>
  );
}
