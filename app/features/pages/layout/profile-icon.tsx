// The icons of the footer's profile links: a simple line drawing of each known network's mark, in
// the style of the site's other icons (the icon set ships no brand marks), a globe for the rest.
import { Globe } from "lucide-react";
import type { ReactNode } from "react";
import type { ProfileNetwork } from "~/features/content/navigation";

const marks: Record<Exclude<ProfileNetwork, "other">, ReactNode> = {
  linkedin: (
    <>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect width="4" height="12" x="2" y="9" />
      <circle cx="4" cy="4" r="2" />
    </>
  ),
  x: (
    <>
      <path d="M4 4h4.5L20 20h-4.5z" />
      <path d="M20 4l-6.8 7.4M10.8 12.6 4 20" />
    </>
  ),
  github: (
    <>
      <path d="M15 22v-4a4.8 4.8 0 0 0-1-3.5c3 0 6-2 6-5.5a5.4 5.4 0 0 0-1-3.5 5.3 5.3 0 0 0 0-3.5s-1 0-3 1.5a14.5 14.5 0 0 0-8 0C6 2 5 2 5 2a5.3 5.3 0 0 0 0 3.5A5.4 5.4 0 0 0 4 9c0 3.5 3 5.5 6 5.5a4.8 4.8 0 0 0-1 3.5v4" />
      <path d="M9 18c-4.5 2-5-2-7-2" />
    </>
  ),
  youtube: (
    <>
      <path d="M2.5 17a24 24 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24 24 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
      <path d="m10 15 5-3-5-3z" />
    </>
  ),
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  instagram: (
    <>
      <rect width="20" height="20" x="2" y="2" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  mastodon: (
    <>
      <path d="M21 8.5C21 5 18.5 3.5 16 3a24 24 0 0 0-8 0C5.5 3.5 3 5 3 8.5c0 4-.5 8 3 9.5 2.5 1 5.5 1.2 8 .5v-2c-2 .5-5 .3-6-1 5 1 8 .5 10-.5 2.5-1.2 3-4 3-6.5z" />
      <path d="M8 13V9.5a2 2 0 0 1 4 0V12m0-2.5a2 2 0 0 1 4 0V13" />
    </>
  ),
};

export function ProfileIcon({
  network,
  className,
}: {
  network: ProfileNetwork;
  className?: string;
}) {
  if (network === "other") return <Globe className={className} aria-hidden="true" />;
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      {marks[network]}
    </svg>
  );
}
