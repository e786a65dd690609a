// Preloaded into a server process by the tests (node --import): when the process exits, writes to
// stderr each React build file it ran, with the script it runs, so a test sees which builds
// (production or development) the server ran, not the build tools npm start may run first.
// (Modules run, not merely read: Node reads both builds to list react's exports.)
import { createRequire } from "node:module";
import { basename } from "node:path";

const script = basename(process.argv[1] ?? "");
const { cache } = createRequire(import.meta.url);

process.on("exit", () => {
  for (const file of Object.keys(cache)) {
    if (cache[file]?.loaded && /\/node_modules\/react(-dom)?\/cjs\//.test(file)) {
      process.stderr.write(`React build run by ${script}: ${file}\n`);
    }
  }
});
