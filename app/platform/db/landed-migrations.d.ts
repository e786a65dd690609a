// Landed migrations are never edited, so the helper they import keeps its
// old address, app/server/db/columns.server: Vite and Vitest map it to the moved module
// (scripts/landed-imports.ts) and this tells TypeScript the same. ADR 013.
declare module "*/app/server/db/columns.server" {
  export { addIdColumn } from "~/platform/db/columns.server";
}
