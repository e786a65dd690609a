// Vite builds the client bundle and, for the server build, bundles server/app.ts with every route
// so the production server imports one file (React Router reads the ssr environment's input).
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { landedMigrationImports } from "./scripts/landed-imports.ts";
import { precompressPlugin } from "./scripts/precompress.ts";
import { publicStylesheetPlugin } from "./scripts/public-sources.ts";

export default defineConfig({
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      // Bundled, so the server holds only the icons it draws: loading the whole package (1.3 MB,
      // every icon) cost each start a fifth of a second of CPU. kysely and zod (pure ESM) are
      // bundled too: their 350 small modules were 40 % of what a start loaded.
      resolve: { noExternal: ["lucide-react", "kysely", "zod"] },
    },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // Claimed first, so the group below cannot pull the framework into itself.
                  name: "framework",
                  // Not React Router's default entry.client module: it would make this group the
                  // entry chunk, which every route then imports and preloads a second time.
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router(?![\\/]dev))[\\/]/,
                  priority: 2,
                },
                {
                  // The shell's small shared modules in one chunk instead of dozens: each tiny
                  // chunk costs a request and compresses badly (ADR 003).
                  name: "site",
                  // Admin-only primitives (Radix Tabs, Label, Dialog and DropdownMenu, the search box
                  // and native select of the admin's lists, the editors' draft and Ctrl+S hooks) stay
                  // out, and icons join only when three or more routes share them: otherwise icons
                  // the admin screens share would ride along in every public page's download. Icons
                  // only admin screens show (move up, add, download, delete, restore, keys) stay out
                  // however many screens share them. Of the page sections only the error boundary
                  // joins (small, and shared by four routes); the notice it draws loads when shown.
                  test: /app[\\/](ui[\\/](?!tabs\.|search-input\.|native-select\.|label\.|dialog\.|alert-dialog\.|dropdown-menu\.|forms[\\/]|sections[\\/](?!error-notice\.)|hooks[\\/]use-(?:draft|save-shortcut)\.)|features[\\/](pages[\\/]layout[\\/]|newsletter[\\/]components[\\/]newsletter-form\.|content[\\/]text\.)|platform[\\/](plain-text\.|display-text\.|slug\.|document[\\/]stylesheet\.|api-client\.|field-errors\.|seo[\\/]meta\.))|node_modules[\\/](lucide-react(?![\\/]dist[\\/]esm[\\/]icons[\\/](?:arrow-up|plus|download|trash|trash-2|rotate-ccw-clock|key-round|lock-keyhole)\.)|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/,
                  minShareCount: 3,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true, alias: landedMigrationImports },
  // The public stylesheet's exclusions are added before Tailwind reads app.css.
  plugins: [
    publicStylesheetPlugin(import.meta.dirname),
    tailwindcss(),
    reactRouter(),
    precompressPlugin(),
  ],
});
