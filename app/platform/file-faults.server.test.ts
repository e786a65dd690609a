import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeFileFault } from "./file-faults.server";

const dir = mkdtempSync(join(tmpdir(), "file-faults-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function faultOf(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("no fault");
}

describe("describeFileFault", () => {
  it("names the path and the reason in one line", () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "");
    const nested = faultOf(() => mkdirSync(join(file, "backups"), { recursive: true }));
    expect(describeFileFault(nested)).toBe(
      `Cannot create the folder ${join(file, "backups")}: part of the path is a file, not a folder (ENOTDIR)`,
    );
    const open = faultOf(() => writeFileSync(dir, "x"));
    expect(describeFileFault(open)).toBe(`Cannot open ${dir}: it is a folder (EISDIR)`);
  });

  it("leaves other errors to their own message", () => {
    expect(describeFileFault(new Error("boom"))).toBeUndefined();
    expect(describeFileFault("text")).toBeUndefined();
    const missing = faultOf(() => writeFileSync(join(dir, "no", "such", "file"), "x"));
    expect(describeFileFault(missing)).toBeUndefined();
  });
});
