// `npm run backup | restore | export | import`: move the site's data in and out of the configured
// database (DATABASE_URL, UPLOADS_DIR), through the built server bundle like `npm run admin`.
import { fileURLToPath, pathToFileURL } from "node:url";
import { ensureBuilt, ensureInstalled, ensureNodeVersion } from "./setup.ts";

ensureNodeVersion();
ensureInstalled();
ensureBuilt();
type ServerModule = typeof import("../server/app.ts");
const buildFile = fileURLToPath(new URL("../build/server/index.js", import.meta.url));
const site: ServerModule = await import(pathToFileURL(buildFile).href);
const code = await site.runDataCommand(process.argv.slice(2), process.env, (line) =>
  console.log(line),
);
process.exit(code);
