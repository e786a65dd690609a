// The library's metadata rules: the edit schema's messages, the crop position of a focal point,
// the search, and how an uploaded file's name is cleaned for display.
import { describe, expect, it } from "vitest";
import { imageEditSchema, matchesImageSearch, toObjectPosition } from "./image-metadata";
import { cleanOriginalName } from "./image-records.server";

describe("imageEditSchema", () => {
  it("takes any one field, trimmed", () => {
    expect(imageEditSchema.parse({ originalName: "  Team  " })).toEqual({ originalName: "Team" });
    expect(imageEditSchema.parse({ focalX: 0, focalY: 1 })).toEqual({ focalX: 0, focalY: 1 });
  });

  it("refuses a focal point outside 0..1, an empty name and unknown fields", () => {
    const message = (value: unknown) => imageEditSchema.safeParse(value).error?.issues[0]?.message;
    expect(message({ focalY: -0.1 })).toBe(
      "The focal point's top-bottom position must be from 0 to 1",
    );
    expect(message({ focalX: Number.NaN })).toBe(
      "The focal point's left-right position must be a number from 0 to 1",
    );
    expect(message({ originalName: " " })).toBe("Give the image a name");
    expect(message({ url: "/x" })).toBe("Only originalName, alt, focalX and focalY can be changed");
  });
});

describe("toObjectPosition", () => {
  it("says nothing for the centre and percentages otherwise", () => {
    expect(toObjectPosition(0.5, 0.5)).toBeUndefined();
    expect(toObjectPosition(0.2, 0.755)).toBe("20% 75.5%");
  });
});

describe("matchesImageSearch", () => {
  const image = { name: "ab12.png", originalName: "Team photo.png", alt: "Five people at a desk" };
  it("needs every word, in the name or the alt text, in any case", () => {
    expect(matchesImageSearch(image, "team DESK")).toBe(true);
    expect(matchesImageSearch(image, "team garden")).toBe(false);
  });
});

describe("cleanOriginalName", () => {
  it("keeps the last path part without control characters, and the extension when cut", () => {
    expect(cleanOriginalName("C:\\fakepath\\My\tphoto.png", "x.png")).toBe("My photo.png");
    expect(cleanOriginalName("../..", "x.png")).toBe("x.png");
    const long = cleanOriginalName(`${"a".repeat(300)}.jpeg`, "x.jpg");
    expect(long).toHaveLength(200);
    expect(long.endsWith(".jpeg")).toBe(true);
  });
});
