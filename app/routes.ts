// Every route of the site, listed explicitly.
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Public site: pages that share the header and footer
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    // Any other path: the 404 page
    route("*", "routes/not-found.tsx"),
  ]),

  // Admin area (issue 5): login and the content editor, outside the site layout. The editor
  // answers at three addresses (spec section 2), one module under three route ids.
  layout("routes/admin/admin-layout.tsx", [
    route("admin/login", "routes/admin/login.tsx"),
    route("edit", "routes/admin/editor.tsx", { id: "editor-edit" }),
    route("admin", "routes/admin/editor.tsx", { id: "editor-admin" }),
    route("working-editor", "routes/admin/editor.tsx", { id: "editor-working" }),
  ]),

  // JSON API
  route("api/content", "routes/api/content.ts"),
  // Admin session API (issue 5)
  route("api/admin/login", "routes/api/admin/login.ts"),
  route("api/admin/session", "routes/api/admin/session.ts"),
  route("api/admin/logout", "routes/api/admin/logout.ts"),
  route("api/*", "routes/api/not-found.ts"),
] satisfies RouteConfig;
