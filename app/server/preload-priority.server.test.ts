import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  createPreloadPriorityTransform,
  lowerModulePreloadPriority,
} from "./preload-priority.server";

const page =
  '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/é.js"/></head><p>Ünïcode ✓</p>';
const expected =
  '<head><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/><link rel="modulepreload" fetchpriority="low" href="/assets/é.js"/></head><p>Ünïcode ✓</p>';

describe("module preload priority", () => {
  it("marks every module preload low priority", () => {
    expect(lowerModulePreloadPriority(page)).toBe(expected);
  });

  it("does the same on a stream cut at every possible byte", async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const source = Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(await text(source.pipe(createPreloadPriorityTransform())), `cut at ${cut}`).toBe(
        expected,
      );
    }
  });

  it("passes a document without preloads through unchanged, byte by byte", async () => {
    const bytes = Buffer.from('<p>a < b, <link rel="icon"/></p>');
    const source = Readable.from([...bytes].map((byte) => Buffer.from([byte])));
    expect(await text(source.pipe(createPreloadPriorityTransform()))).toBe(bytes.toString());
  });
});
