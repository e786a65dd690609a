// Link-preview images (Open Graph, 1200x630 PNG) drawn from the content: satori lays the card out
// from JSX with the Inter font, resvg rasterizes it. Each image is kept in memory under a hash of
// what it shows, so it is drawn once per change of its inputs and answers revalidations with 304.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export type PreviewCard = {
  /** The page's own title, the largest text. */
  title: string;
  /** A short label above it: the kind of page. */
  eyebrow: string;
  companyName: string;
  tagline: string;
  /** The site's host name, at the foot of the card. */
  host: string;
  /**
   * The brand's colours (#rrggbb): primary and accent for the glows and the foot stripe, the dark
   * bands' colour and a lighter shade of it for the ground, the accent as drawn on dark bands.
   */
  brandColors: {
    primary: string;
    accent: string;
    ground: string;
    groundLight: string;
    accentOnDark: string;
  };
  /** The uploaded logo as a PNG data URL, drawn twice the size it is shown; none: the mark. */
  logo?: { src: string; width: number; height: number } | undefined;
};

/** The height a card shows an uploaded logo at, and the widest it may be. */
export const cardLogoHeight = 56;
const cardLogoMaxWidth = 480;

export type RenderedImage = { png: Buffer; etag: string };

export const previewSize = { width: 1200, height: 630 } as const;

/** Bumped when the card's design changes, so every cached image is drawn anew. */
const designVersion = "3";
const maxCachedImages = 100;

/** The built-in mark's and an article cover's ground; cards take the brand's (PreviewCard). */
const colors = {
  navy: "#0b1b36",
  blue: "#60a5fa",
  teal: "#2dd4bf",
  muted: "#cbd5e1",
};

type Font = { name: string; data: Buffer; weight: 400 | 600 | 800; style: "normal" };

// satori and resvg load with the first image drawn, not with the server: most starts draw none,
// and loading the two costs a fifth of a second of CPU on every start. (Node keeps each module
// once loaded, so later calls wait for nothing.)
async function drawSvg(...args: Parameters<typeof import("satori").default>): Promise<string> {
  const { default: satori } = await import("satori");
  return satori(...args);
}

let fontsLoading: Promise<Font[]> | undefined;

/** Inter from @fontsource/inter (satori reads WOFF, not WOFF2), read once. */
function loadFonts(): Promise<Font[]> {
  fontsLoading ??= (async () => {
    const require = createRequire(import.meta.url);
    const files = join(dirname(require.resolve("@fontsource/inter/LICENSE")), "files");
    const weights = [400, 600, 800] as const;
    return Promise.all(
      weights.map(
        async (weight): Promise<Font> => ({
          name: "Inter",
          weight,
          style: "normal",
          data: await readFile(join(files, `inter-latin-${weight}-normal.woff`)),
        }),
      ),
    );
  })();
  return fontsLoading;
}

function Mark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#ffffff" />
      <path
        d="M9 20.5 16 9l7 11.5"
        fill="none"
        stroke="#0d9488"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M11.5 23h9" stroke="#1d4ed8" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The owner's logo on a white plate, as the footer shows it: it was drawn for a light ground. */
function UploadedLogo({ logo }: { logo: NonNullable<PreviewCard["logo"]> }) {
  const scale = Math.min(cardLogoHeight / logo.height, cardLogoMaxWidth / logo.width);
  return (
    <div
      style={{ display: "flex", padding: "10px 14px", borderRadius: 12, backgroundColor: "#fff" }}
    >
      <img
        src={logo.src}
        alt=""
        width={Math.round(logo.width * scale)}
        height={Math.round(logo.height * scale)}
      />
    </div>
  );
}

/** Long titles get a smaller size so three lines hold them. */
function getTitleSize(title: string): number {
  if (title.length <= 34) return 76;
  if (title.length <= 60) return 64;
  return 54;
}

function Card({ card }: { card: PreviewCard }) {
  const { primary, accent, ground, groundLight, accentOnDark } = card.brandColors;
  const clear = `${ground}00`;
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        fontFamily: "Inter",
        color: "#ffffff",
        backgroundColor: ground,
        backgroundImage: `radial-gradient(circle at 100% 0%, ${primary}8c 0%, ${clear} 55%), radial-gradient(circle at 0% 100%, ${accent}47 0%, ${clear} 45%), linear-gradient(135deg, ${ground} 0%, ${groundLight} 100%)`,
      }}
    >
      <div
        style={{
          display: "flex",
          flexGrow: 1,
          flexDirection: "column",
          justifyContent: "space-between",
          padding: "60px 72px 48px",
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 18 }}>
          {card.logo ? (
            <UploadedLogo logo={card.logo} />
          ) : (
            <>
              <Mark size={56} />
              <div style={{ display: "flex", fontSize: 30, fontWeight: 800, letterSpacing: -0.5 }}>
                {card.companyName}
              </div>
            </>
          )}
        </div>

        <div style={{ display: "flex", flexDirection: "column", maxWidth: 1010 }}>
          <div
            style={{
              display: "flex",
              fontSize: 24,
              fontWeight: 600,
              letterSpacing: 3,
              textTransform: "uppercase",
              color: accentOnDark,
            }}
          >
            {card.eyebrow}
          </div>
          <div
            style={{
              display: "block",
              marginTop: 18,
              fontSize: getTitleSize(card.title),
              fontWeight: 800,
              lineHeight: 1.08,
              letterSpacing: -1.5,
              lineClamp: 3,
            }}
          >
            {card.title}
          </div>
        </div>

        <div
          style={{
            display: "flex",
            justifyContent: "space-between",
            alignItems: "center",
            paddingTop: 28,
            borderTop: "1px solid rgba(203, 213, 225, 0.25)",
            fontSize: 24,
            color: colors.muted,
          }}
        >
          <div style={{ display: "flex" }}>{card.tagline}</div>
          <div style={{ display: "flex", fontWeight: 600, color: "#ffffff" }}>{card.host}</div>
        </div>
      </div>
      <div style={{ display: "flex", height: 12 }}>
        <div style={{ display: "flex", flexGrow: 2, backgroundColor: accent }} />
        <div style={{ display: "flex", flexGrow: 1, backgroundColor: accentOnDark }} />
        <div style={{ display: "flex", flexGrow: 1, backgroundColor: primary }} />
      </div>
    </div>
  );
}

function Logo() {
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        backgroundColor: colors.navy,
      }}
    >
      <svg width={400} height={400} viewBox="0 0 32 32" aria-hidden="true">
        <path
          d="M9 20.5 16 9l7 11.5"
          fill="none"
          stroke={colors.teal}
          strokeWidth="3"
          strokeLinecap="round"
        />
        <path d="M11.5 23h9" stroke={colors.blue} strokeWidth="3" strokeLinecap="round" />
      </svg>
    </div>
  );
}

const cache = new Map<string, Promise<RenderedImage>>();

/** Draws an image once per distinct input; the oldest entry leaves a full cache. */
function renderCached(
  key: unknown,
  draw: () => Promise<{ svg: string; width: number }>,
): Promise<RenderedImage> {
  const hash = createHash("sha256")
    .update(JSON.stringify([designVersion, key]))
    .digest("base64url")
    .slice(0, 27);
  const cached = cache.get(hash);
  if (cached) {
    // Most recently used last, so the least recently used leaves first.
    cache.delete(hash);
    cache.set(hash, cached);
    return cached;
  }
  const rendering = Promise.all([draw(), import("@resvg/resvg-js")]).then(
    ([{ svg, width }, { Resvg }]) => ({
      png: new Resvg(svg, { fitTo: { mode: "width", value: width } }).render().asPng(),
      etag: `"${hash}"`,
    }),
  );
  // A failed drawing is not kept: the next request tries again.
  rendering.catch(() => cache.delete(hash));
  cache.set(hash, rendering);
  if (cache.size > maxCachedImages) cache.delete(cache.keys().next().value ?? "");
  return rendering;
}

export function renderPreviewImage(card: PreviewCard): Promise<RenderedImage> {
  return renderCached(card, async () => ({
    svg: await drawSvg(<Card card={card} />, { ...previewSize, fonts: await loadFonts() }),
    width: previewSize.width,
  }));
}

/** resvg draws PNG, JPEG and SVG pictures (not WebP: canDrawCoverCard). */
export type CoverSource = { bytes: Uint8Array; type: "image/png" | "image/jpeg" | "image/svg+xml" };

/**
 * An article's cover as its link-preview image: cropped to 1200x630 around its centre (as the
 * blog's cover crops it), on the card's navy in case the picture has transparent parts. Drawn by
 * resvg, as the generated cards, so one PNG of the usual size and the same cache serve it.
 */
export function renderCoverImage(cover: CoverSource): Promise<RenderedImage> {
  const source = Buffer.from(cover.bytes);
  const key = ["cover", createHash("sha256").update(source).digest("base64url")];
  return renderCached(key, async () => {
    const { width, height } = previewSize;
    const href = `data:${cover.type};base64,${source.toString("base64")}`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${colors.navy}"/><image width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" href="${href}"/></svg>`;
    return { svg, width };
  });
}

/** The built-in mark (512x512 PNG): the structured data's logo until one is uploaded. */
export function renderLogoImage(): Promise<RenderedImage> {
  return renderCached("logo", async () => ({
    svg: await drawSvg(<Logo />, { width: 512, height: 512, fonts: await loadFonts() }),
    width: 512,
  }));
}
