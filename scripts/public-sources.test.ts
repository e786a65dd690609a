import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listAdminOnlySources } from "./public-sources.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

describe("listAdminOnlySources", () => {
  it("names the admin screens and what only they import, never what a public page loads", async () => {
    const adminOnly = await listAdminOnlySources(root);
    // Admin screens, the editors and their dialogs, whatever folder they are in.
    expect(adminOnly).toEqual(
      expect.arrayContaining([
        "features/admin/routes/login.tsx",
        "features/insights/routes/insights.tsx",
        "features/pages/navigation-admin/link-fields.tsx",
        "capabilities/rich-text/editor/link-dialog.tsx",
        "capabilities/media/image-picker.tsx",
        "capabilities/workspace/shell/admin-shell.tsx",
      ]),
    );
    // The document, the public layout and pages, and the primitives they share with the admin.
    for (const publicModule of [
      "root.tsx",
      "entry.server.tsx",
      "features/pages/routes/site-layout.tsx",
      "features/pages/layout/site-header.tsx",
      "features/pages/routes/blog.tsx",
      "features/leads/components/contact-form.tsx",
      "ui/button.tsx",
    ]) {
      expect(adminOnly).not.toContain(publicModule);
    }
  });
});
