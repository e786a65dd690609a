// Every route of the site, listed explicitly.
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Public site: pages that share the header and footer
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    // Alternative home layouts, services, about, booking, legal pages, the HTML sitemap
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
    // Contact, and the newsletter's and unsubscribe's no-JavaScript pages
    route("contact", "routes/contact.tsx"),
    route("newsletter", "routes/newsletter.tsx"),
    route("unsubscribe", "routes/unsubscribe.tsx"),
    // Case studies and the blog, each with a page per record
    route("case-studies", "routes/case-studies.tsx"),
    route("case-studies/:id", "routes/case-study.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:id", "routes/article.tsx"),
    // Any other path: the 404 page
    route("*", "routes/not-found.tsx"),
  ]),

  // For crawlers: every public page, and what they may visit
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  // The blog's Atom feed of published articles
  route("blog/feed.xml", "routes/blog-feed.ts"),
  // Link-preview images of the public pages and the firm's logo, drawn from the content
  route("og/*", "routes/og-image.ts"),

  // Admin area, outside the site layout and never cached: the login screen, and the workspace
  // behind the one admin gate and shell. The spec's editor answers at three addresses (section 2),
  // one module under three route ids.
  layout("routes/admin/admin-layout.tsx", [
    route("admin/login", "routes/admin/login.tsx"),
    layout("routes/admin/workspace-layout.tsx", [
      route("edit", "routes/admin/editor.tsx", { id: "editor-edit" }),
      route("admin", "routes/admin/editor.tsx", { id: "editor-admin" }),
      route("working-editor", "routes/admin/editor.tsx", { id: "editor-working" }),
      // Content manager: the sections the editor leaves out (footer, booking, legal pages...)
      route("content", "routes/admin/content-manager.tsx"),
      // Manage Images: the media library and image uploads
      route("images", "routes/admin/images.tsx"),
      // Contact messages and newsletter subscribers, with the subscribers' CSV export
      route("admin/leads", "routes/admin/leads.tsx"),
      route("admin/leads/subscribers.csv", "routes/admin/subscribers-csv.ts"),
      // History of the content (revisions, changes, restore), the activity log, admin accounts
      route("admin/history", "routes/admin/history.tsx"),
      route("admin/history/:kind/:id", "routes/admin/history-revision.tsx"),
      route("admin/activity", "routes/admin/activity.tsx"),
      route("admin/admins", "routes/admin/admins.tsx"),
      // Publishing: /admin/articles and /admin/case-studies, the list and the editor of one item
      // (one route each for both collections: every route adds to each public page's manifest)
      route("admin/:collection", "routes/admin/publications.tsx"),
      route("admin/:collection/:id", "routes/admin/publication-editor.tsx"),
    ]),
  ]),

  // JSON API
  route("api/content", "routes/api/content.ts"),
  route("api/contact", "routes/api/contact.ts"),
  route("api/newsletter", "routes/api/newsletter.ts"),
  // Admin session API
  route("api/admin/login", "routes/api/admin/login.ts"),
  route("api/admin/session", "routes/api/admin/session.ts"),
  route("api/admin/logout", "routes/api/admin/logout.ts"),
  // Media library: image uploads
  route("api/admin/images", "routes/api/admin/images.ts"),
  route("api/admin/images/:name", "routes/api/admin/image.ts"),
  // Publishing: /api/admin/articles/... and /api/admin/case-studies/... (list and create, one
  // item, restore a revision)
  route("api/admin/:collection", "routes/api/admin/publications.ts"),
  route("api/admin/:collection/:id", "routes/api/admin/publication.ts"),
  route("api/admin/:collection/:id/restore", "routes/api/admin/publication-restore.ts"),
  route("api/*", "routes/api/not-found.ts"),
] satisfies RouteConfig;
