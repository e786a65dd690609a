// Pieces every home layout's hero shares: the two-line rich-text heading and the primary (to
// /booking) and secondary (to /services) buttons.
import { ArrowRight, CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { InlineRichText } from "~/capabilities/rich-text/rich-text-html";
import type { SiteContent } from "~/features/content/schema";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";

type Hero = SiteContent["hero"];

export function HeroHeading({
  hero,
  tone = "light",
  className,
}: {
  hero: Hero;
  tone?: "light" | "dark";
  className?: string;
}) {
  return (
    <h1
      className={cn(
        "text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl",
        tone === "light" ? "text-navy" : "text-white",
        className,
      )}
    >
      <InlineRichText html={hero.heading1} className="block" />
      <InlineRichText
        html={hero.heading2}
        className={cn("block", tone === "light" ? "text-primary" : "text-accent-light")}
      />
    </h1>
  );
}

export function HeroActions({
  hero,
  tone = "light",
  className,
}: {
  hero: Hero;
  tone?: "light" | "dark";
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col gap-3 sm:flex-row", className)}>
      <Button asChild size="lg" variant={tone === "light" ? "default" : "accent"}>
        <Link to="/booking">
          <CalendarCheck aria-hidden="true" />
          {hero.primaryButtonText}
        </Link>
      </Button>
      <Button asChild size="lg" variant={tone === "light" ? "outline" : "outline-inverse"}>
        <Link to="/services">
          {hero.secondaryButtonText}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
