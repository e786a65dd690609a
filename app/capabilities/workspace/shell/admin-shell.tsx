// The admin workspace's frame, the same on every admin screen: the bar with the navigation (the
// admin routes' `adminNav` entries), who is signed in and Logout. Below 1024 px the navigation folds into a menu
// button that opens a panel (Escape or a choice closes it, focus returns to the button).
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { describeRequestError, logOut } from "~/capabilities/workspace/session-client";
import type { AdminNavItem } from "~/platform/route-handle";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { clearAllDrafts } from "~/ui/hooks/use-draft";
import { preloadToaster } from "~/ui/toaster-slot";
import { toast } from "~/ui/use-toast";
import { isCurrentNavItem, viewSiteItem } from "./admin-nav";
import { LeaveGuardProvider, useLeaveGuardRegistry } from "./leave-guard";

const logoutQuestion =
  "You have unsaved changes. Log out anyway? They are not kept after you log out.";

/** The menu's counts by name (nav-badges.server.ts): a count and its spoken label. */
export type NavBadges = Readonly<Record<string, { count: number; label: string }>>;

function NavLinks({
  items,
  badges,
  pathname,
  onChoose,
}: {
  items: readonly AdminNavItem[];
  badges: NavBadges;
  pathname: string;
  onChoose?: () => void;
}) {
  return (
    <ul className="flex flex-col gap-1 lg:flex-row lg:flex-wrap lg:gap-0.5">
      {[...items, viewSiteItem].map((item) => {
        const current = item !== viewSiteItem && isCurrentNavItem(item, pathname);
        const badge = item.badge ? badges[item.badge] : undefined;
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={current ? "page" : undefined}
              onClick={onChoose}
              className={cn(
                // Narrow sides at desktop widths, so the thirteen screens and View site fit one row at 1280 px.
                "block rounded-md px-3 py-2 text-sm font-medium outline-offset-2 transition-colors focus-visible:outline-2 focus-visible:outline-white lg:px-2",
                current
                  ? "bg-white/15 text-white"
                  : "text-slate-300 hover:bg-white/10 hover:text-white",
                item === viewSiteItem && "lg:ml-2 lg:border lg:border-white/25",
              )}
            >
              {item.label}
              {badge ? (
                <>
                  <span
                    aria-hidden="true"
                    className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 py-0.5 text-xs leading-none font-bold text-accent-foreground tabular-nums"
                  >
                    {badge.count > 99 ? "99+" : badge.count}
                  </span>
                  <span className="sr-only">{` (${badge.label})`}</span>
                </>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function LogoutButton({ className }: { className?: string }) {
  const navigate = useNavigate();
  const guard = useLeaveGuardRegistry();
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    if (guard.dirty.current && !window.confirm(logoutQuestion)) return;
    setBusy(true);
    try {
      await logOut();
      guard.leaving.current = true;
      clearAllDrafts();
      toast({ title: "Logged Out" });
      navigate("/admin/login", { replace: true });
    } catch (error) {
      setBusy(false);
      toast({
        title: "Logout Failed",
        description: describeRequestError(error, "Unable to log out"),
        variant: "destructive",
      });
    }
  };
  // A real form: drawn before the page's JavaScript has arrived (or without it), the button posts
  // to /admin/logout and signs out there; once it runs, the submit goes through logout() above.
  return (
    <form
      method="post"
      action="/admin/logout"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        void logout();
      }}
    >
      <Button type="submit" variant="outline-inverse" size="sm" disabled={busy}>
        Logout
      </Button>
    </form>
  );
}

/** Who is signed in, and as what (an owner, an editor). */
function SignedInAs({ email, roleLabel }: { email: string; roleLabel: string | undefined }) {
  return (
    <>
      Signed in as <span className="font-medium text-white">{email}</span>
      {roleLabel ? <span className="text-slate-300"> ({roleLabel})</span> : null}
    </>
  );
}

function ShellBar({
  email,
  roleLabel,
  nav,
  badges,
}: {
  email: string;
  roleLabel: string | undefined;
  nav: readonly AdminNavItem[];
  badges: NavBadges;
}) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  // The panel closes on every change of screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      menuButton.current?.focus();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <header className="bg-navy text-white shadow-sm">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <Link
          to="/edit"
          className="flex items-center gap-2 rounded-md font-semibold tracking-tight outline-offset-4 focus-visible:outline-2 focus-visible:outline-white"
        >
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-md bg-primary text-sm font-bold"
          >
            A
          </span>
          <span>Site admin</span>
        </Link>
        <div className="flex items-center gap-3">
          <p className="hidden text-sm text-slate-300 sm:block">
            <SignedInAs email={email} roleLabel={roleLabel} />
          </p>
          <LogoutButton />
          <button
            ref={menuButton}
            type="button"
            className="inline-flex h-9 items-center gap-2 rounded-md border border-white/25 px-3 text-sm font-semibold outline-offset-2 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white lg:hidden"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
          >
            <span aria-hidden="true" className="grid gap-1">
              <span className="block h-0.5 w-4 bg-current" />
              <span className="block h-0.5 w-4 bg-current" />
              <span className="block h-0.5 w-4 bg-current" />
            </span>
            Menu
          </button>
        </div>
      </div>
      <nav
        aria-label="Admin"
        id={panelId}
        className={cn("border-t border-white/10 lg:block", open ? "block" : "hidden")}
      >
        <div className="mx-auto max-w-7xl px-4 py-2 sm:px-6 lg:px-8">
          <NavLinks
            items={nav}
            badges={badges}
            pathname={pathname}
            onChoose={() => setOpen(false)}
          />
          <p className="mt-2 border-t border-white/10 px-3 pt-3 pb-1 text-sm text-slate-300 sm:hidden">
            <SignedInAs email={email} roleLabel={roleLabel} />
          </p>
        </div>
      </nav>
    </header>
  );
}

export function AdminShell({
  email,
  roleLabel,
  nav,
  badges = {},
  children,
}: {
  email: string;
  /** The signed-in admin's role, as named on screen ("Owner"). */
  roleLabel?: string;
  /** The admin navigation's entries, in menu order (RouteFacts.adminNav). */
  nav: readonly AdminNavItem[];
  /** The counts beside entries, by the name their entry gives. */
  badges?: NavBadges;
  children: ReactNode;
}) {
  useEffect(preloadToaster, []);
  return (
    <LeaveGuardProvider>
      <div className="min-h-screen overflow-x-clip bg-slate-50">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-navy focus:shadow"
        >
          Skip to content
        </a>
        <ShellBar email={email} roleLabel={roleLabel} nav={nav} badges={badges} />
        {children}
      </div>
    </LeaveGuardProvider>
  );
}

/**
 * The top of an admin screen, inside the shell: the screen's title with the Admin Access badge,
 * an introduction and the screen's own actions; the screen's content follows.
 */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main
      id="main"
      className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">{title}</h1>
            <Badge variant="accent">Admin Access</Badge>
          </div>
          {description ? (
            <p className="mt-1.5 max-w-3xl text-sm text-muted-foreground sm:text-base">
              {description}
            </p>
          ) : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </main>
  );
}
