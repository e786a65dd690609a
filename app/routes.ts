// Every route of the site, listed explicitly.
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Public site: pages that share the header and footer
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    // Case studies and the blog, each with a page per record (issue 3, part B)
    route("case-studies", "routes/case-studies.tsx"),
    route("case-studies/:id", "routes/case-study.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:id", "routes/article.tsx"),
    // Any other path: the 404 page
    route("*", "routes/not-found.tsx"),
  ]),

  // For crawlers: every public page, and what they may visit (issue 3, part B)
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),

  // JSON API
  route("api/content", "routes/api/content.ts"),
  route("api/*", "routes/api/not-found.ts"),
] satisfies RouteConfig;
