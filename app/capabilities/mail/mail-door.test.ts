// Mail has one door: every module outside the mail capability queues through mail-port.server.ts;
// the outbox, its worker and the SMTP sender are the capability's own (the host starts the worker).
import { describe, expect, it } from "vitest";
import { readImportGraph } from "../../../scripts/import-graph.ts";

const inside = [
  "app/capabilities/mail/mail-outbox.server.ts",
  "app/capabilities/mail/smtp-sender.server.ts",
];

describe("the mail door", () => {
  it("is the only way into the outbox from the features", () => {
    const graph = readImportGraph(process.cwd());
    const byPass = [...graph]
      .filter(([file]) => file.startsWith("app/") && !file.startsWith("app/capabilities/mail/"))
      .flatMap(([file, targets]) =>
        targets.filter((target) => inside.includes(target)).map((target) => `${file} -> ${target}`),
      );
    expect(byPass).toEqual([]);
  });
});
