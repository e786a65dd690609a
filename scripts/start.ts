// `npm start`: install, build when needed, then serve the site (the server creates and seeds the
// database and the first admin on its first start).
import { ensureBuilt, ensureInstalled, ensureNodeVersion } from "./setup.ts";

ensureNodeVersion();
ensureInstalled();
ensureBuilt();
await import("../server/index.ts");
