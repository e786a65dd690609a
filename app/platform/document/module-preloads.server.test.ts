import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { createModulePreloadFilter, removeModulePreloads } from "./module-preloads.server";

const page =
  '<head><link rel="modulepreload" href="/assets/a.js" nonce="x"/><link rel="icon" href="/é.svg"/><link rel="modulepreload" href="/assets/é.js"/></head><p>Ünïcode ✓ a < b</p><script type="module">import "/assets/a.js";</script>';
const expected =
  '<head><link rel="icon" href="/é.svg"/></head><p>Ünïcode ✓ a < b</p><script type="module">import "/assets/a.js";</script>';

describe("module preloads", () => {
  it("are removed, and nothing else", () => {
    expect(removeModulePreloads(page)).toBe(expected);
  });

  it("are removed from a stream cut at every possible byte", async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const source = Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(await text(source.pipe(createModulePreloadFilter())), `cut at ${cut}`).toBe(expected);
    }
  });

  it("leave a stream sent byte by byte otherwise unchanged", async () => {
    const bytes = Buffer.from(page);
    const source = Readable.from([...bytes].map((byte) => Buffer.from([byte])));
    expect(await text(source.pipe(createModulePreloadFilter()))).toBe(expected);
  });
});
