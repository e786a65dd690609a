// How wide the public layouts show covers and text images, as `sizes` values for their srcsets
//, so a browser fetches the smallest variant that fills the box. Each follows the
// Tailwind layout named beside it; change them together.

/**
 * An article card in the 1/2/3-column grid of max-w-7xl (padding px-4, sm:px-6, lg:px-8; gap-8):
 * three of (1280 - 64 - 64) / 3 at most.
 */
export const cardImageSizes =
  "(min-width: 1280px) 384px, (min-width: 1024px) calc(33.3vw - 43px), (min-width: 768px) calc(50vw - 40px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";

/** A case study's image beside its text: one of two columns of max-w-7xl with gap-14. */
export const halfColumnImageSizes =
  "(min-width: 1280px) 580px, (min-width: 1024px) calc(50vw - 60px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";

/** The article page's cover: max-w-4xl less its padding. */
export const articleCoverSizes =
  "(min-width: 896px) 848px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";

/**
 * Images in an article's text column (max-w-3xl less its padding): a full figure spans it, an
 * inline one is 2/5 of it, at most 320 px, from 640 px (full width on phones).
 */
export const articleBodyImageSizes = {
  full: "(min-width: 768px) 720px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)",
  inline: "(min-width: 768px) 288px, (min-width: 640px) calc(40vw - 19px), calc(100vw - 32px)",
};

/** Images in a case study's story: 7 of 12 columns (gap-12) of max-w-7xl from 1024 px. */
export const caseStudyBodyImageSizes = {
  full: "(min-width: 1280px) 690px, (min-width: 1024px) calc(58.3vw - 57px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)",
  inline:
    "(min-width: 1280px) 276px, (min-width: 1024px) calc(23.3vw - 23px), (min-width: 640px) calc(40vw - 19px), calc(100vw - 32px)",
};

/** A hero block's image: max-w-4xl (896 px) across the page header, less its padding. */
export const heroImageSizes =
  "(min-width: 944px) 896px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";

/** The image-with-text block's image: one of two columns of max-w-7xl with gap-10 from 1024 px. */
export const imageTextImageSizes =
  "(min-width: 1280px) 588px, (min-width: 1024px) calc(50vw - 52px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";

/** Images in the image-with-text block's text: its column, or 2/5 of it beside the text. */
export const imageTextBodyImageSizes = {
  full: imageTextImageSizes,
  inline: articleBodyImageSizes.inline,
};

/** A testimonial's photo: a 40 px circle. */
export const testimonialPhotoSizes = "40px";
