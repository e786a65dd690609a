// The firm's logo linking home: an uploaded image (its sizes in a srcset, so it is sharp on 2x
// screens), or the built-in mark with the firm's name.
import { Link } from "react-router";
import { cn } from "~/ui/cn";

/** An uploaded logo: its responsive sources and its own size (for the box's aspect ratio). */
export type SiteLogoImage = {
  src: string;
  srcSet: string;
  sources: Array<{ type: string; srcSet: string }>;
  width: number;
  height: number;
};

/** Shown 40 px high, at most 200 px wide: the header's height leaves no more. */
const logoBox = { height: 40, maxWidth: 200 };

function LogoImage({ logo, inverse }: { logo: SiteLogoImage; inverse: boolean }) {
  const width = Math.min(
    logoBox.maxWidth,
    Math.round((logoBox.height * logo.width) / Math.max(1, logo.height)),
  );
  const height = Math.round((width * logo.height) / Math.max(1, logo.width));
  const sizes = `${width}px`;
  return (
    // On the dark footer the logo sits on a white plate: it was drawn for a light background.
    <picture className={cn("flex shrink-0", inverse && "rounded-md bg-white p-1.5")}>
      {logo.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={logo.src}
        srcSet={logo.srcSet}
        sizes={sizes}
        width={width}
        height={height}
        alt=""
        className="block object-contain"
        style={{ width, height }}
      />
    </picture>
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
