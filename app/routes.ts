// Every route of the site, listed explicitly.
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Public site: pages that share the header and footer
  layout("features/pages/routes/site-layout.tsx", [
    index("features/pages/routes/home.tsx"),
    // Alternative home layouts, services, about, booking, legal pages, the HTML sitemap
    route("option1", "features/pages/routes/home-option1.tsx"),
    route("option2", "features/pages/routes/home-option2.tsx"),
    route("option3", "features/pages/routes/home-option3.tsx"),
    route("services", "features/pages/routes/services.tsx"),
    route("services/:slug", "features/pages/routes/service-detail.tsx"),
    route("about", "features/pages/routes/about.tsx"),
    route("booking", "features/pages/routes/booking.tsx"),
    route("privacy-policy", "features/pages/routes/privacy-policy.tsx"),
    route("terms-of-service", "features/pages/routes/terms-of-service.tsx"),
    route("sitemap", "features/pages/routes/sitemap-page.tsx"),
    // Contact, the newsletter's no-JavaScript page, and the pages its emails link to: confirm a
    // sign-up (double opt-in, then topics), choose topics, and unsubscribe
    route("contact", "features/leads/routes/contact.tsx"),
    route("newsletter", "features/newsletter/routes/newsletter.tsx"),
    route("newsletter/confirm", "features/newsletter/routes/newsletter-confirm.tsx"),
    route("unsubscribe", "features/newsletter/routes/unsubscribe.tsx"),
    route("newsletter/manage", "features/newsletter/routes/newsletter-manage.tsx"),
    // Case studies and the blog, each with a page per record
    route("case-studies", "features/pages/routes/case-studies.tsx"),
    route("case-studies/:id", "features/pages/routes/case-study.tsx"),
    route("blog", "features/pages/routes/blog.tsx"),
    route("blog/:id", "features/pages/routes/article.tsx"),
    // Any other path: the 404 page
    route("*", "features/pages/routes/not-found.tsx"),
  ]),

  // For crawlers: every public page, and what they may visit
  route("sitemap.xml", "features/pages/routes/sitemap-xml.ts"),
  route("robots.txt", "features/pages/routes/robots-txt.ts"),
  // The booking buttons' way to the external calendar, counting the click as a conversion
  route("booking/go", "features/pages/routes/booking-go.ts"),
  // The blog's Atom feed of published articles
  route("blog/feed.xml", "features/publishing/routes/blog-feed.ts"),
  // Link-preview images of the public pages and the firm's logo, drawn from the content
  route("og/*", "features/pages/routes/og-image.ts"),
  // The brand: self-hosted font files, the site icon's files, the web app manifest
  route("fonts/:family/:version/:file", "features/pages/routes/font-file.ts"),
  route("brand/:source/:file", "features/pages/routes/site-icon.ts"),
  route("manifest.webmanifest", "features/pages/routes/manifest.ts"),

  // Admin area, outside the site layout and never cached: the login screen, and the workspace
  // behind the one admin gate and shell. The editor answers at three addresses,
  // one module under three route ids.
  layout("features/admin/routes/admin-layout.tsx", [
    route("admin/login", "features/admin/routes/login.tsx"),
    // The pages of the admin's emails: ask for a reset link, set a new password from
    // one, accept an invitation
    route("admin/forgot-password", "features/admin/routes/forgot-password.tsx"),
    route("admin/reset-password", "features/admin/routes/reset-password.tsx"),
    route("admin/accept-invite", "features/admin/routes/accept-invite.tsx"),
    layout("features/admin/routes/workspace-layout.tsx", [
      route("edit", "features/content/routes/editor.tsx", { id: "editor-edit" }),
      route("admin", "features/content/routes/editor.tsx", { id: "editor-admin" }),
      route("working-editor", "features/content/routes/editor.tsx", { id: "editor-working" }),
      // Content manager: the sections the editor leaves out (footer, booking, legal pages...)
      route("content", "features/pages/routes/content-manager.tsx"),
      // Navigation: the header menu, the booking button and the footer's links
      route("admin/navigation", "features/pages/routes/navigation.tsx"),
      // Manage Images: the media library and image uploads
      route("images", "capabilities/media/routes/images.tsx"),
      // The leads inbox (contact messages by folder, searchable), the subscribers' CSV export,
      // and one contact's data as a JSON download (the inbox's "Erase" is a post to the inbox)
      route("admin/leads", "features/leads/routes/leads.tsx"),
      route("admin/leads/subscribers.csv", "features/newsletter/routes/subscribers-csv.ts"),
      // The newsletter: newsletters and subscribers, one newsletter (compose, send, results),
      // one subscriber's data as a download
      route("admin/newsletter", "features/newsletter/routes/newsletters.tsx"),
      route("admin/newsletter/:id", "features/newsletter/routes/newsletter-editor.tsx"),
      route(
        "admin/newsletter/subscribers/:id/data.json",
        "features/newsletter/routes/subscriber-data.ts",
      ),
      // One subscriber's topics, as the owner edits them; a draft's audience, saved as the owner
      // ticks topics, answering how many it reaches
      route(
        "admin/newsletter/subscribers/:id/topics",
        "features/newsletter/routes/subscriber-topics.tsx",
      ),
      route("admin/newsletter/:id/audience", "features/newsletter/routes/newsletter-audience.ts"),
      route("admin/leads/contacts/export.json", "features/leads/routes/contact-export.ts"),
      // History of the content (revisions, changes, restore), the activity log, admin accounts
      route("admin/history", "features/pages/routes/history.tsx"),
      route("admin/history/:kind/:id", "features/pages/routes/history-revision.tsx"),
      route("admin/activity", "features/admin/routes/activity.tsx"),
      route("admin/admins", "features/admin/routes/admins.tsx"),
      // Your account, for every admin: where you are signed in, and your password
      route("admin/account", "features/admin/routes/account.tsx"),
      // The signed-in admin's own two-factor: authenticator app, recovery codes, passkeys
      route("admin/security", "features/admin/routes/security.tsx"),
      // Brand: logo, site icon, colours, fonts, search engines' verification codes
      route("admin/brand", "features/content/routes/brand.tsx"),
      // Settings: the site time zone
      route("admin/settings", "features/admin/routes/settings.tsx"),
      // Redirects: the rules, the tester, the CSV import and the missing addresses; the rules as
      // a CSV in the import's format
      route("admin/redirects", "features/redirects/routes/redirects.tsx"),
      route("admin/redirects/export.csv", "features/redirects/routes/redirects-csv.ts"),
      // Insights: visitors, page views and conversions, and each table as CSV
      route("admin/insights", "features/insights/routes/insights.tsx"),
      route("admin/insights/export.csv", "features/insights/routes/insights-csv.ts"),
      // Publishing: /admin/articles and /admin/case-studies, the list and the editor of one item
      // (one route each for both collections: every route adds to each public page's manifest)
      route("admin/:collection", "features/publishing/routes/publications.tsx"),
      route("admin/:collection/:id", "features/pages/routes/publication-editor.tsx"),
    ]),
  ]),

  // JSON API
  route("api/content", "features/content/routes/api-content.ts"),
  route("api/contact", "features/leads/routes/api-contact.ts"),
  route("api/newsletter", "features/newsletter/routes/api-newsletter.ts"),
  // Admin session API
  route("api/admin/login", "features/admin/routes/api-login.ts"),
  // Two-factor sign-in: the second step, and a passkey challenge for it or for a
  // sign-in with a passkey alone; a signed-in admin adding a passkey
  route("api/admin/login/second-factor", "features/admin/routes/api-login-second-factor.ts"),
  route("api/admin/login/passkey-options", "features/admin/routes/api-login-passkey-options.ts"),
  route("api/admin/security/passkeys", "features/admin/routes/api-security-passkeys.ts"),
  route("api/admin/session", "features/admin/routes/api-session.ts"),
  route("api/admin/logout", "features/admin/routes/api-logout.ts"),
  // Logout as a plain form post, for the button drawn before (or without) JavaScript
  route("admin/logout", "features/admin/routes/logout.ts"),
  // Media library: image uploads
  route("api/admin/images", "capabilities/media/routes/api-images.ts"),
  route("api/admin/images/:name", "capabilities/media/routes/api-image.ts"),
  // The rich-text editor's link dialog: the site's own pages, searched by title or address
  route("api/admin/link-targets", "features/pages/routes/api-link-targets.ts"),
  // Publishing: /api/admin/articles/... and /api/admin/case-studies/... (list and create, one
  // item, restore a revision)
  route("api/admin/:collection", "features/publishing/routes/api-publications.ts"),
  route("api/admin/:collection/:id", "features/publishing/routes/api-publication.ts"),
  route(
    "api/admin/:collection/:id/restore",
    "features/publishing/routes/api-publication-restore.ts",
  ),
  route("api/*", "features/pages/routes/api-not-found.ts"),
] satisfies RouteConfig;
