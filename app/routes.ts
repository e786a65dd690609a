// Every route of the site, listed explicitly.
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Public site: pages that share the header and footer
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    // Issue 3 part A: alternative home layouts, services, about, booking, legal, sitemap page
    route("option1", "routes/home-option1.tsx"),
    route("option2", "routes/home-option2.tsx"),
    route("option3", "routes/home-option3.tsx"),
    route("services", "routes/services.tsx"),
    route("services/:slug", "routes/service-detail.tsx"),
    route("about", "routes/about.tsx"),
    route("booking", "routes/booking.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("terms-of-service", "routes/terms-of-service.tsx"),
    route("sitemap", "routes/sitemap-page.tsx"),
    // Any other path: the 404 page
    route("*", "routes/not-found.tsx"),
  ]),

  // JSON API
  route("api/content", "routes/api/content.ts"),
  route("api/*", "routes/api/not-found.ts"),
] satisfies RouteConfig;
