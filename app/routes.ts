// Every route of the site, listed explicitly.
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Public site: pages that share the header and footer
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    // Any other path: the 404 page
    route("*", "routes/not-found.tsx"),
  ]),

  // JSON API
  route("api/content", "routes/api/content.ts"),
  route("api/*", "routes/api/not-found.ts"),
] satisfies RouteConfig;
