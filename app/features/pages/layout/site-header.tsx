// The fixed site header: desktop navigation with the Services dropdown, and the mobile toggle that
// opens the mobile menu (a <details> disclosure until JavaScript takes over, so it opens without
// JavaScript too). Its style changes once the page has scrolled more than 10 px.
import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { ShellContent } from "~/features/content/shell";
import { Button, buttonVariants } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { SiteLogo } from "~/ui/site-logo";
import { MenuDropdown } from "./menu-dropdown";
import { MenuLink } from "./menu-link";
import type { ResolvedNavigation } from "./menu-model";
import { MobileMenu } from "./mobile-menu";

export const scrollThreshold = 10;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-primary",
    isActive ? "text-primary" : "text-slate-700",
  );

export function SiteHeader({
  shell,
  navigation,
  isAdmin,
}: {
  shell: ShellContent;
  navigation: ResolvedNavigation;
  isAdmin: boolean;
}) {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const hydrated = useHydrated();

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > scrollThreshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  // The mobile panel closes on every location change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger, not an input.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.key]);

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        "fixed inset-x-0 top-0 z-40 border-b transition-all duration-200",
        scrolled || menuOpen
          ? "border-border bg-white/95 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-white/85"
          : "border-transparent bg-white",
      )}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div
        className={cn(
          "mx-auto flex max-w-7xl items-center justify-between px-4 transition-all duration-200 sm:px-6 lg:px-8",
          scrolled ? "h-16" : "h-20",
        )}
      >
        <SiteLogo name={shell.companyName} logo={shell.logo} />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navigation.header.map((item, index) =>
              item.children.length > 0 ? (
                <MenuDropdown
                  // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the list is not reordered in place.
                  key={index}
                  label={item.label}
                  links={item.children}
                  finalLink={item.finalLink}
                  triggerClass={navLinkClass}
                />
              ) : item.finalLink ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                <li key={index}>
                  <MenuLink link={item.finalLink} className={navLinkClass} />
                </li>
              ) : null,
            )}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {/* A wrapper hides it: a display class on the Button would fight its own inline-flex. */}
          {navigation.cta ? (
            <div className="hidden lg:block">
              <Button asChild>
                <MenuLink link={navigation.cta} />
              </Button>
            </div>
          ) : null}
          {hydrated ? (
            <Button
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? (
                <X className="size-6" aria-hidden="true" />
              ) : (
                <Menu className="size-6" aria-hidden="true" />
              )}
            </Button>
          ) : (
            <details className="group lg:hidden">
              <summary
                aria-label="Menu"
                className={cn(
                  buttonVariants({ variant: "ghost", size: "icon" }),
                  "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
                )}
              >
                <Menu className="size-6 group-open:hidden" aria-hidden="true" />
                <X className="hidden size-6 group-open:block" aria-hidden="true" />
              </summary>
              <div className="absolute inset-x-0 top-full">
                <MobileMenu
                  shell={shell}
                  navigation={navigation}
                  isAdmin={isAdmin}
                  onClose={() => {}}
                />
              </div>
            </details>
          )}
        </div>
      </div>
      {hydrated && menuOpen ? (
        <MobileMenu
          shell={shell}
          navigation={navigation}
          isAdmin={isAdmin}
          onClose={() => setMenuOpen(false)}
        />
      ) : null}
    </header>
  );
}
