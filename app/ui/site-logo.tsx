// The firm's logo linking home: an uploaded image (its sizes in a srcset, so it is sharp on 2x
// screens), or the built-in mark with the firm's name.
import { Link } from "react-router";
import { cn } from "~/ui/cn";

/**
 * An uploaded logo: its sizes in its own format (a srcset, so 2x screens get a sharper copy), or
 * an SVG as it is with a PNG of it for crawlers, and the size of its box (fitLogoBox).
 */
export type SiteLogoImage = {
  src: string;
  srcSet?: string;
  /** An SVG logo's PNG: the structured data's logo. */
  pngSrc?: string;
  sizes?: string;
  width: number;
  height: number;
};

/**
 * The box a logo of this size is shown in: 40 px high, at most 200 px wide (the header's height
 * leaves no more). Worked out on the server, so pages carry no code for it.
 */
export function fitLogoBox(width: number, height: number) {
  const shown = Math.min(200, Math.round((40 * width) / Math.max(1, height)));
  return {
    width: shown,
    height: Math.round((shown * height) / Math.max(1, width)),
    sizes: `${shown}px`,
  };
}

function LogoImage({ logo, inverse }: { logo: SiteLogoImage; inverse: boolean }) {
  const { pngSrc: _crawlers, ...image } = logo;
  return (
    <img
      {...image}
      alt=""
      // On the dark footer the logo sits on a white plate: it was drawn for a light background.
      className={inverse ? "box-content rounded-md bg-white p-1.5" : undefined}
    />
  );
}

export function SiteLogo({
  name,
  logo,
  inverse = false,
}: {
  name: string;
  logo?: SiteLogoImage | undefined;
  inverse?: boolean;
}) {
  return (
    <Link to="/" className="flex items-center gap-2.5 rounded-md" aria-label={`${name}, home`}>
      {logo ? (
        <LogoImage logo={logo} inverse={inverse} />
      ) : (
        <>
          <svg viewBox="0 0 32 32" className="size-9 shrink-0" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill={inverse ? "#ffffff" : "#0b1b36"} />
            <path
              d="M9 20.5 16 9l7 11.5"
              fill="none"
              stroke="#2dd4bf"
              strokeWidth="3"
              strokeLinecap="round"
            />
            <path
              d="M11.5 23h9"
              stroke={inverse ? "#1d4ed8" : "#60a5fa"}
              strokeWidth="3"
              strokeLinecap="round"
            />
          </svg>
          <span
            className={cn("text-lg font-bold tracking-tight", inverse ? "text-white" : "text-navy")}
          >
            {name}
          </span>
        </>
      )}
    </Link>
  );
}
