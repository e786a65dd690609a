// The header of the admin screens beyond the editor (content manager, images): the screen's
// title with the Admin Access badge, who is signed in, and links to the other admin screens.
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";

// Text links without icons: icons shared by admin screens would be bundled with the public
// pages' shared chunk (vite.config.ts), which is at the edge of the JavaScript budget.
const adminLinks = [
  { to: "/edit", label: "Content Editor" },
  { to: "/content", label: "Content Manager" },
  { to: "/admin/articles", label: "Articles" },
  { to: "/admin/case-studies", label: "Case Studies" },
  { to: "/images", label: "Manage Images" },
  { to: "/admin/leads", label: "Leads" },
  { to: "/", label: "Home" },
] as const;

export function AdminHeader({
  title,
  current,
  adminEmail,
}: {
  title: string;
  current: (typeof adminLinks)[number]["to"];
  adminEmail: string;
}) {
  return (
    <header className="border-b border-border bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-3">
          <h1 className="text-xl font-bold tracking-tight text-navy sm:text-2xl">{title}</h1>
          <Badge variant="accent">Admin Access</Badge>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="hidden text-sm text-muted-foreground xl:inline">
            Signed in as {adminEmail}
          </span>
          <nav aria-label="Admin">
            <ul className="flex flex-wrap gap-1">
              {adminLinks
                .filter((link) => link.to !== current)
                .map(({ to, label }) => (
                  <li key={to}>
                    <Button asChild variant="ghost" size="sm">
                      <Link to={to}>{label}</Link>
                    </Button>
                  </li>
                ))}
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
