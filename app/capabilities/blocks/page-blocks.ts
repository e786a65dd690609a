// The blocks a page is built from (hero, rich text, FAQ...): each described once, as a list of
// fields that gives its editor form, its zod validation and which values the sanitizer cleans.
// The public rendering of each block lives with the site's sections (features/pages/blocks).

import type { ImagePlacement } from "~/capabilities/media/image-metadata";
import { richText } from "~/capabilities/rich-text/rich-text-schema";
import { findLinkCharacterProblem, findSiteAddressProblem } from "~/platform/http/site-address";
import { tooLongMessage, z } from "~/platform/zod";

/** Where a chooser's options come from: the site's services, case studies or articles. */
export type RefSource = "services" | "case-studies" | "articles";

type FieldBase<Key extends string> = { key: Key; label: string; hint?: string };

/** A plain text (escaped when shown); required ones are asked for when the page is published. */
export type BlockTextField<Key extends string = string> = FieldBase<Key> & {
  kind: "text" | "longText";
  max: number;
  required?: true;
};
export type BlockField<Key extends string = string> =
  | BlockTextField<Key>
  /** The writer's desk editor: sanitized like an article's text. */
  | (FieldBase<Key> & { kind: "richText" })
  /** An address on the site ("/contact") or a full web, mail or phone link. */
  | (FieldBase<Key> & { kind: "link" })
  /** An image of the library, with its description: { url, alt }. */
  | (FieldBase<Key> & { kind: "image" })
  | (FieldBase<Key> & { kind: "choice"; options: readonly { value: string; label: string }[] })
  /** Chosen records by id, in order; none chosen means all (services) or the newest. */
  | (FieldBase<Key> & { kind: "refs"; source: RefSource; max: number })
  /** A list of small records (FAQ pairs, testimonials, figures). */
  | (FieldBase<Key> & {
      kind: "rows";
      itemName: string;
      max: number;
      fields: readonly (BlockTextField | (FieldBase<string> & { kind: "image" }))[];
    });

export type BlockSpec = {
  type: string;
  label: string;
  description: string;
  fields: readonly BlockField[];
};

const heading = { key: "heading", label: "Heading", kind: "text", max: 200 } as const;
const intro = { key: "intro", label: "Introduction", kind: "longText", max: 1000 } as const;

export const blockSpecs = [
  {
    type: "hero",
    label: "Hero",
    description: "The page's title band: heading, text, two buttons and an optional image.",
    fields: [
      { ...heading, required: true },
      { key: "text", label: "Text", kind: "longText", max: 1000 },
      { key: "primaryLabel", label: "First button text", kind: "text", max: 60 },
      { key: "primaryHref", label: "First button link", kind: "link" },
      { key: "secondaryLabel", label: "Second button text", kind: "text", max: 60 },
      { key: "secondaryHref", label: "Second button link", kind: "link" },
      { key: "image", label: "Image", kind: "image" },
    ],
  },
  {
    type: "richText",
    label: "Rich text",
    description: "Formatted text with headings, lists, links and images.",
    fields: [{ key: "body", label: "Formatted text", kind: "richText" }],
  },
  {
    type: "imageText",
    label: "Image with text",
    description: "An image beside a heading and text, on either side.",
    fields: [
      heading,
      { key: "body", label: "Text", kind: "richText" },
      { key: "image", label: "Image", kind: "image" },
      {
        key: "imageSide",
        label: "Image side",
        kind: "choice",
        options: [
          { value: "left", label: "Left" },
          { value: "right", label: "Right" },
        ],
      },
    ],
  },
  {
    type: "services",
    label: "Services",
    description: "Service cards linking to their pages: all of them, or the ones chosen.",
    fields: [
      heading,
      intro,
      {
        key: "chosen",
        label: "Services",
        kind: "refs",
        source: "services",
        max: 12,
        hint: "None chosen: every service.",
      },
    ],
  },
  {
    type: "caseStudies",
    label: "Case studies",
    description: "Chosen case studies as cards.",
    fields: [
      heading,
      intro,
      {
        key: "chosen",
        label: "Case studies",
        kind: "refs",
        source: "case-studies",
        max: 6,
        hint: "None chosen: the first three.",
      },
    ],
  },
  {
    type: "articles",
    label: "Latest articles",
    description: "The newest articles of a category, or the ones chosen.",
    fields: [
      heading,
      { key: "category", label: "Category", kind: "text", max: 80, hint: "Empty: every category." },
      {
        key: "chosen",
        label: "Articles",
        kind: "refs",
        source: "articles",
        max: 6,
        hint: "None chosen: the three newest.",
      },
    ],
  },
  {
    type: "testimonials",
    label: "Testimonials",
    description: "Quotes of clients, with name, role, company and an optional photo.",
    fields: [
      heading,
      {
        key: "items",
        label: "Testimonials",
        kind: "rows",
        itemName: "Testimonial",
        max: 6,
        fields: [
          { key: "quote", label: "Quote", kind: "longText", max: 1000, required: true },
          { key: "name", label: "Name", kind: "text", max: 120, required: true },
          { key: "role", label: "Role", kind: "text", max: 120 },
          { key: "company", label: "Company", kind: "text", max: 120 },
          { key: "photo", label: "Photo", kind: "image" },
        ],
      },
    ],
  },
  {
    type: "figures",
    label: "Figures",
    description: 'A row of figures such as "15+ Years Experience".',
    fields: [
      {
        key: "items",
        label: "Figures",
        kind: "rows",
        itemName: "Figure",
        max: 4,
        fields: [
          { key: "value", label: "Value", kind: "text", max: 20, required: true },
          { key: "label", label: "Label", kind: "text", max: 80, required: true },
        ],
      },
    ],
  },
  {
    type: "cta",
    label: "Call to action",
    description: "A navy band with a heading, a line of text and a button.",
    fields: [
      { ...heading, required: true },
      { key: "text", label: "Text", kind: "longText", max: 500 },
      { key: "buttonLabel", label: "Button text", kind: "text", max: 60 },
      { key: "buttonHref", label: "Button link", kind: "link" },
    ],
  },
  {
    type: "faq",
    label: "FAQ",
    description: "Questions and answers; search engines read them as an FAQ.",
    fields: [
      heading,
      {
        key: "items",
        label: "Questions",
        kind: "rows",
        itemName: "Question",
        max: 30,
        fields: [
          { key: "question", label: "Question", kind: "text", max: 300, required: true },
          { key: "answer", label: "Answer", kind: "longText", max: 3000, required: true },
        ],
      },
    ],
  },
  {
    type: "contact",
    label: "Contact form",
    description: "The site's contact form: messages reach the Leads inbox.",
    fields: [heading, intro],
  },
  {
    type: "newsletter",
    label: "Newsletter sign-up",
    description: "The newsletter sign-up, with its confirmation email.",
    fields: [],
  },
  {
    type: "booking",
    label: "Booking calendar",
    description: "The consultation booking calendar of the Booking page.",
    fields: [heading, intro],
  },
] as const satisfies readonly BlockSpec[];

export type BlockType = (typeof blockSpecs)[number]["type"];
type SpecOf<T extends BlockType> = Extract<(typeof blockSpecs)[number], { type: T }>;

/**
 * A chosen image and its description; public pages add the upload's crop position and responsive
 * sources (never stored: the schema drops them).
 */
export type ImageValue = { url: string; alt: string } & ImagePlacement;
type ValueOf<F> = F extends { kind: "rows"; fields: infer S extends readonly BlockField[] }
  ? { [G in S[number] as G["key"]]: ValueOf<G> }[]
  : F extends { kind: "refs" }
    ? string[]
    : F extends { kind: "image" }
      ? ImageValue
      : string;

/** One block as stored: its type, an id (for the editor's order and anchors) and its values. */
export type Block<T extends BlockType = BlockType> = T extends BlockType
  ? { type: T; id: string } & {
      -readonly [F in SpecOf<T>["fields"][number] as F["key"]]: ValueOf<F>;
    }
  : never;

export const maxBlocks = 40;

const text = (max: number) => z.string().trim().max(max, tooLongMessage(max));
const imageUrl = text(300).regex(
  /^(?:\/images\/(?!.*\.\.)[\w./-]+)?$/,
  "Choose an image from the library (a path under /images/)",
);
/**
 * Why a block's link is not one a visitor may follow (a site address, a web page, an email or a
 * phone number), or undefined when it is: the check of a save and of a link drawn.
 */
export function findBlockLinkProblem(value: string): string | undefined {
  return value.startsWith("/")
    ? findSiteAddressProblem(value)
    : (findLinkCharacterProblem(value) ??
        (/^(?:#|https?:\/\/|mailto:|tel:)/i.test(value)
          ? undefined
          : "Use an address on this site (/contact) or a full link (https://...)"));
}

const link = text(500).superRefine((value, ctx) => {
  const problem = value ? findBlockLinkProblem(value) : undefined;
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});
const image = z.object({ url: imageUrl, alt: text(300) }).default({ url: "", alt: "" });

function buildFieldSchema(field: BlockField | (BlockField & { kind: "image" })): z.ZodType {
  switch (field.kind) {
    case "text":
    case "longText":
      return text(field.max).default("");
    case "richText":
      return richText.default("");
    case "link":
      return link.default("");
    case "image":
      return image;
    case "choice":
      return z
        .enum(field.options.map((option) => option.value) as [string, ...string[]])
        .default(field.options[0]?.value ?? "");
    case "refs":
      return z
        .array(text(120))
        .max(field.max, `At most ${field.max} ${field.label.toLowerCase()}`)
        .default([]);
    case "rows":
      return z
        .array(
          z.object(Object.fromEntries(field.fields.map((sub) => [sub.key, buildFieldSchema(sub)]))),
        )
        .max(field.max, `At most ${field.max} ${field.itemName.toLowerCase()}s`)
        .default([]);
  }
}

const blockId = z.string().regex(/^[a-z0-9]{1,16}$/, "Invalid block id");

/** One block, whatever its type: validated against its type's fields. */
export const blockSchema = z.discriminatedUnion(
  "type",
  blockSpecs.map((spec) =>
    z.object({
      type: z.literal(spec.type),
      id: blockId,
      ...Object.fromEntries(spec.fields.map((field) => [field.key, buildFieldSchema(field)])),
    }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
  { message: "Unknown block type" },
) as unknown as z.ZodType<Block>;

export const blocksSchema = z.array(blockSchema).max(maxBlocks, `At most ${maxBlocks} blocks`);

/**
 * The most a page's blocks may hold, as stored (UTF-8 JSON): every visitor downloads the page's
 * HTML, and rendering it holds the server's event loop. At the cap a page renders as about 350 KB
 * of HTML (README, "Limits").
 */
export const maxPageBlocksBytes = 200 * 1024;

const toKilobytes = (bytes: number) => Math.ceil(bytes / 1024);

/**
 * Why a page's blocks are too big to save, naming the largest block, or undefined when they fit.
 * Runs in the editor before sending and on the server on what is stored.
 */
export function findBlocksSizeProblem(blocks: readonly unknown[]): string | undefined {
  const encoder = new TextEncoder();
  const sizes = blocks.map((block) => encoder.encode(JSON.stringify(block)).length);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= maxPageBlocksBytes) return undefined;
  const largest = sizes.indexOf(Math.max(...sizes));
  const block = blocks[largest] as { type?: string };
  const name = `${findBlockSpec(String(block.type))?.label ?? "Block"} block ${largest + 1}`;
  return `This page is too long: its blocks hold ${toKilobytes(total)} KB of text, at most ${toKilobytes(maxPageBlocksBytes)} KB. Shorten or remove blocks (the largest is ${name}, ${toKilobytes(sizes[largest] ?? 0)} KB), or split it into two pages.`;
}

/** A page's blocks as an editor sends them: the stored blocks' rules, and the size cap. */
export const pageBlocksInputSchema = blocksSchema.superRefine((blocks, ctx) => {
  const problem = findBlocksSizeProblem(blocks);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export function findBlockSpec(type: string): BlockSpec | undefined {
  return blockSpecs.find((spec) => spec.type === type);
}

/** A new block of a type with every field empty, under a fresh id. */
export function createBlock(type: BlockType, id: string): Block {
  return blockSchema.parse({ type, id });
}

/** A short random id for a new block. */
export function createBlockId(): string {
  return Math.random().toString(36).slice(2, 12) || "b";
}

/** Raw, unchecked blocks with each known block's fields passed through `map`. */
function mapBlockFields(
  raw: unknown,
  map: (field: BlockField, value: unknown) => unknown,
): unknown {
  if (!Array.isArray(raw)) return raw;
  return raw.map((block: unknown) => {
    if (!block || typeof block !== "object") return block;
    const values = block as Record<string, unknown>;
    const spec = findBlockSpec(String(values.type));
    if (!spec) return block;
    const mapped = { ...values };
    for (const field of spec.fields) mapped[field.key] = map(field, values[field.key]);
    return mapped;
  });
}

/**
 * Cleans each rich text value of raw, unchecked blocks with the given sanitizer, before they are
 * validated: markup the sanitizer drops does not count against the limit.
 */
export function sanitizeBlocks(raw: unknown, sanitize: (html: string) => string): unknown {
  return mapBlockFields(raw, (field, value) =>
    field.kind === "richText" && typeof value === "string" ? sanitize(value) : value,
  );
}

/**
 * Stored blocks with each link a visitor may not follow left empty, before they are read: a row
 * saved before the check would otherwise fail the whole page (or site content), and its link must
 * not be drawn. The block then shows as one without that button.
 */
export function dropUnsafeBlockLinks(raw: unknown): unknown {
  return mapBlockFields(raw, (field, value) =>
    field.kind === "link" && typeof value === "string" && value && findBlockLinkProblem(value)
      ? ""
      : value,
  );
}

export type MissingBlockField = { path: (string | number)[]; message: string };

/** What the page's blocks lack to be published: their required texts, an image's description. */
export function findMissingBlockFields(blocks: readonly Block[]): MissingBlockField[] {
  const issues: MissingBlockField[] = [];
  blocks.forEach((block, index) => {
    const spec = findBlockSpec(block.type);
    if (!spec) return;
    const values = block as unknown as Record<string, unknown>;
    const check = (
      fields: readonly BlockField[],
      value: Record<string, unknown>,
      path: (string | number)[],
      name: string,
    ) => {
      for (const field of fields) {
        const own = value[field.key];
        if (
          (field.kind === "text" || field.kind === "longText") &&
          field.required &&
          !String(own ?? "").trim()
        ) {
          issues.push({
            path: [...path, field.key],
            message: `${name}: ${field.label} is required`,
          });
        }
        if (field.kind === "image") {
          const picked = (own ?? {}) as Partial<ImageValue>;
          if (picked.url && !picked.alt?.trim()) {
            issues.push({
              path: [...path, field.key, "alt"],
              message: `${name}: describe the image for people who cannot see it`,
            });
          }
        }
        if (field.kind === "rows" && Array.isArray(own)) {
          own.forEach((row: Record<string, unknown>, rowIndex) => {
            const rowName = `${name}, ${field.itemName} ${rowIndex + 1}`;
            check(field.fields, row ?? {}, [...path, field.key, rowIndex], rowName);
          });
        }
      }
    };
    check(spec.fields, values, ["blocks", index], `${spec.label} block ${index + 1}`);
  });
  return issues;
}

/** The blocks with every image field (rows' included) passed through `place`, read by the specs. */
export function mapBlockImages(
  blocks: readonly Block[],
  place: (image: ImageValue) => ImageValue,
): Block[] {
  const mapFields = (fields: readonly BlockField[], values: Record<string, unknown>) => {
    const mapped = { ...values };
    for (const field of fields) {
      const own = values[field.key];
      if (field.kind === "image" && own && typeof own === "object") {
        mapped[field.key] = place(own as ImageValue);
      } else if (field.kind === "rows" && Array.isArray(own)) {
        mapped[field.key] = own.map((row: Record<string, unknown>) => mapFields(field.fields, row));
      }
    }
    return mapped;
  };
  return blocks.map((block) => {
    const spec = findBlockSpec(block.type);
    const values = block as unknown as Record<string, unknown>;
    return (spec ? mapFields(spec.fields, values) : block) as Block;
  });
}

/** The library images a page's blocks show (the image library's "where used"). */
export function listBlockImages(blocks: readonly Block[]): string[] {
  const urls: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      const url = (value as { url?: unknown }).url;
      if (typeof url === "string" && url) urls.push(url);
      Object.values(value).forEach(visit);
    } else if (typeof value === "string") {
      for (const [, src] of value.matchAll(/<img [^>]*?src="(\/images\/[^"]+)"/g))
        if (src) urls.push(src);
    }
  };
  visit(blocks);
  return urls;
}

/** The page's own summary for search results when none is written: its hero's text, else "". */
export function summarizeBlocks(blocks: readonly Block[]): string {
  for (const block of blocks) if (block.type === "hero" && block.text) return block.text;
  return "";
}
