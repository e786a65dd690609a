// A service as the site lists it: icon, title, description (stored HTML) and a Learn More link to
// its page. The icon tile and the link are exported for layouts that arrange them differently.
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { RichText } from "~/capabilities/rich-text/rich-text-html";
import { getIcon } from "~/features/content/icons";
import type { Service } from "~/features/content/schema";
import { toSlug } from "~/platform/slug";
import { cn } from "~/ui/cn";

export type ServiceSummary = Pick<Service, "title" | "icon" | "description">;

export function ServiceIcon({
  icon,
  size = "md",
  tone = "light",
}: {
  icon: string;
  size?: "sm" | "md" | "lg";
  tone?: "light" | "dark";
}) {
  const Icon = getIcon(icon);
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-xl",
        tone === "light"
          ? "bg-tint text-primary ring-1 ring-tint-strong"
          : "bg-white/10 text-accent-light",
        size === "sm" && "size-10 [&_svg]:size-5",
        size === "md" && "size-12 [&_svg]:size-6",
        size === "lg" && "size-16 [&_svg]:size-8",
      )}
    >
      <Icon />
    </span>
  );
}

export function LearnMoreLink({
  title,
  className,
  label = "Learn More",
}: {
  title: string;
  className?: string;
  label?: string;
}) {
  return (
    <Link
      to={`/services/${toSlug(title)}`}
      className={cn(
        "group/link inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-primary hover:text-navy",
        className,
      )}
    >
      {label}
      <span className="sr-only"> about {title}</span>
      <ArrowRight
        className="size-4 transition-transform group-hover/link:translate-x-0.5"
        aria-hidden="true"
      />
    </Link>
  );
}

export function ServiceCard({
  service,
  headingLevel = 3,
  className,
}: {
  service: ServiceSummary;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className={cn(
        "group flex h-full flex-col rounded-2xl border border-border bg-white p-6 shadow-sm transition-shadow hover:shadow-md sm:p-7",
        className,
      )}
    >
      <ServiceIcon icon={service.icon} />
      <Heading className="mt-5 text-lg font-semibold leading-snug text-navy">
        {service.title}
      </Heading>
      <RichText
        html={service.description}
        className="mt-3 flex-1 text-sm leading-relaxed text-slate-600"
      />
      <LearnMoreLink title={service.title} className="mt-6 self-start" />
    </article>
  );
}
