// Landed migrations are never edited, so the helper they import keeps its old address: both the
// app build and the tests resolve it to where the helper lives now (ADR 013).
import { fileURLToPath } from "node:url";

export const landedMigrationImports = [
  {
    find: /^\.\.\/app\/server\/db\/columns\.server$/,
    replacement: fileURLToPath(new URL("../app/platform/db/columns.server.ts", import.meta.url)),
  },
];
