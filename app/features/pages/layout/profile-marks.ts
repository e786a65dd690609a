// The icons of the footer's profile links as SVG path data: a simple line drawing of each known
// network's mark (the icon set ships no brand marks), a globe for the rest. Read on the server
// when the menus are resolved, so only the icons in use travel to the browser, in the page data.
import type { ProfileNetwork } from "~/features/content/navigation";

const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

export const profileMarks: Record<ProfileNetwork, readonly string[]> = {
  linkedin: [
    "M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z",
    "M2 9h4v12H2z",
    circle(4, 4, 2),
  ],
  x: ["M4 4h4.5L20 20h-4.5z", "M20 4l-6.8 7.4M10.8 12.6 4 20"],
  github: [
    "M15 22v-4a4.8 4.8 0 0 0-1-3.5c3 0 6-2 6-5.5a5.4 5.4 0 0 0-1-3.5 5.3 5.3 0 0 0 0-3.5s-1 0-3 1.5a14.5 14.5 0 0 0-8 0C6 2 5 2 5 2a5.3 5.3 0 0 0 0 3.5A5.4 5.4 0 0 0 4 9c0 3.5 3 5.5 6 5.5a4.8 4.8 0 0 0-1 3.5v4",
    "M9 18c-4.5 2-5-2-7-2",
  ],
  youtube: [
    "M2.5 17a24 24 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24 24 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17",
    "m10 15 5-3-5-3z",
  ],
  facebook: ["M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z"],
  instagram: [
    "M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5z",
    circle(12, 12, 4),
    "M17.5 6.5h.01",
  ],
  mastodon: [
    "M21 8.5C21 5 18.5 3.5 16 3a24 24 0 0 0-8 0C5.5 3.5 3 5 3 8.5c0 4-.5 8 3 9.5 2.5 1 5.5 1.2 8 .5v-2c-2 .5-5 .3-6-1 5 1 8 .5 10-.5 2.5-1.2 3-4 3-6.5z",
    "M8 13V9.5a2 2 0 0 1 4 0V12m0-2.5a2 2 0 0 1 4 0V13",
  ],
  other: [circle(12, 12, 10), "M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20", "M2 12h20"],
};
