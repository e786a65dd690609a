// Every route of the site, listed explicitly.
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Public site: pages that share the header and footer
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    // Contact and newsletter (issue 4): the contact page, the newsletter's and unsubscribe's
    // no-JavaScript pages
    route("contact", "routes/contact.tsx"),
    route("newsletter", "routes/newsletter.tsx"),
    route("unsubscribe", "routes/unsubscribe.tsx"),
    // Any other path: the 404 page
    route("*", "routes/not-found.tsx"),
  ]),

  // Admin view of contact messages and newsletter subscribers (issue 4)
  route("admin/leads", "routes/admin/leads.tsx"),
  route("admin/leads/subscribers.csv", "routes/admin/subscribers-csv.ts"),

  // JSON API
  route("api/content", "routes/api/content.ts"),
  route("api/contact", "routes/api/contact.ts"),
  route("api/newsletter", "routes/api/newsletter.ts"),
  route("api/*", "routes/api/not-found.ts"),
] satisfies RouteConfig;
