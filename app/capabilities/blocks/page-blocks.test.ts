// The block tables are found by their folders: in the editor's order, each folder's table named
// after it, and a clear error when a folder breaks the convention.
import { describe, expect, it } from "vitest";
import { blockSpecs, readBlockTables } from "./page-blocks";

const table = (type: string, order: number) => ({
  type,
  order,
  label: type,
  description: "",
  fields: [],
});
const folder = (name: string) => `../../features/pages/blocks/${name}/fields.ts`;

describe("the block tables", () => {
  it("are every block folder's table, in the editor's order", () => {
    expect(blockSpecs.map((spec) => spec.type)).toEqual([
      "hero",
      "richText",
      "imageText",
      "services",
      "caseStudies",
      "articles",
      "testimonials",
      "figures",
      "cta",
      "faq",
      "contact",
      "newsletter",
      "booking",
    ]);
  });

  it("sort the folders' tables by their order, whatever the folders' names", () => {
    const tables = readBlockTables({
      [folder("alpha")]: table("alpha", 20),
      [folder("rich-text")]: table("richText", 10),
    });
    expect(tables.map((spec) => spec.type)).toEqual(["richText", "alpha"]);
  });

  it("refuse a folder named otherwise than its table's type", () => {
    expect(() => readBlockTables({ [folder("richtext")]: table("richText", 10) })).toThrow(
      `${folder("richtext")} holds the "richText" block's table: its folder must be "rich-text"`,
    );
  });

  it("refuse a fields.ts without its table, or a table without its type or order", () => {
    const message = `${folder("hero")} must export its block's table, with its type and order, as blockTable`;
    expect(() => readBlockTables({ [folder("hero")]: undefined })).toThrow(message);
    expect(() => readBlockTables({ [folder("hero")]: { type: "hero", label: "Hero" } })).toThrow(
      message,
    );
  });

  it("refuse two tables in one place of the order", () => {
    expect(() =>
      readBlockTables({
        [folder("hero")]: table("hero", 10),
        [folder("faq")]: table("faq", 10),
      }),
    ).toThrow("Two block tables have the order 10");
  });
});
