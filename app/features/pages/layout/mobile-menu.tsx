// The mobile navigation panel: the header's items, each with links under it (the Services list
// among them) expandable (a <details> disclosure until JavaScript takes over), the booking
// button, contact details with the footer's profile links and, for a signed-in admin, the Admin
// Tools links.
import { ChevronDown, FileText, Image, Mail, Phone } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { ShellContent } from "~/features/content/shell";
import { toTelHref } from "~/platform/display-text";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { MenuLink } from "./menu-link";
import type { ResolvedLink, ResolvedNavigation } from "./menu-model";
import { ProfileIcon } from "./profile-icon";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "block rounded-md px-3 py-3 text-base font-medium hover:bg-muted",
    isActive ? "text-primary" : "text-slate-800",
  );

const groupToggleClass =
  "flex w-full items-center justify-between rounded-md px-3 py-3 text-left text-base font-medium text-slate-800 hover:bg-muted";

/** An item with links under it: a toggle that shows them (a <details> until JavaScript runs). */
function MobileGroup({
  id,
  label,
  links,
  finalLink,
}: {
  id: string;
  label: string;
  links: readonly ResolvedLink[];
  finalLink: ResolvedLink | undefined;
}) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const sublist = (
    <ul id={id} className="ml-3 space-y-1 border-l border-border pl-3">
      {[...links, finalLink].map((link, index) =>
        link ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the list never reorders in place.
          <li key={index}>
            <MenuLink
              link={link}
              className={cn(
                "block rounded-md px-3 py-2 text-sm hover:bg-muted",
                index < links.length ? "text-slate-700" : "font-semibold text-primary",
              )}
            />
          </li>
        ) : null,
      )}
    </ul>
  );
  if (hydrated) {
    return (
      <>
        <button
          type="button"
          className={groupToggleClass}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        >
          {label}
          <ChevronDown
            className={cn("size-5 transition-transform", open && "rotate-180")}
            aria-hidden="true"
          />
        </button>
        {open ? sublist : null}
      </>
    );
  }
  return (
    <details className="group/sub">
      <summary
        className={cn(
          groupToggleClass,
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        )}
      >
        {label}
        <ChevronDown
          className="size-5 transition-transform group-open/sub:rotate-180"
          aria-hidden="true"
        />
      </summary>
      {sublist}
    </details>
  );
}

export function MobileMenu({
  shell,
  navigation,
  isAdmin,
  onClose,
}: {
  shell: ShellContent;
  navigation: ResolvedNavigation;
  isAdmin: boolean;
  onClose: () => void;
}) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [onClose]);

  return (
    <nav
      id="mobile-menu"
      aria-label="Mobile"
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-white px-4 pb-6 pt-2 shadow-lg lg:hidden"
    >
      <ul className="space-y-1">
        {navigation.header.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the list is not reordered in place.
          <li key={index}>
            {item.children.length > 0 ? (
              <MobileGroup
                id={`mobile-menu-${index}`}
                label={item.label}
                links={item.children}
                finalLink={item.finalLink}
              />
            ) : item.finalLink ? (
              <MenuLink link={item.finalLink} className={itemClass} />
            ) : null}
          </li>
        ))}
      </ul>
      {navigation.cta ? (
        <Button asChild size="lg" className="mt-4 w-full">
          <MenuLink link={navigation.cta} />
        </Button>
      ) : null}
      <div className="mt-6 space-y-3 border-t border-border pt-5 text-sm text-slate-700">
        <a
          href={toTelHref(shell.contact.phone)}
          className="flex items-center gap-3 hover:text-primary"
        >
          <Phone className="size-4 text-primary" aria-hidden="true" />
          {shell.contact.phone}
        </a>
        <a
          href={`mailto:${shell.contact.email}`}
          className="flex items-center gap-3 hover:text-primary"
        >
          <Mail className="size-4 text-primary" aria-hidden="true" />
          {shell.contact.email}
        </a>
        {navigation.profiles.map((profile) => (
          // rel="me", as in the footer: the same links, the same claim.
          <a
            key={profile.url}
            href={profile.url}
            target="_blank"
            rel="me noopener"
            className="flex items-center gap-3 hover:text-primary"
          >
            <ProfileIcon icon={profile.icon} className="size-4 text-primary" />
            {profile.label}
          </a>
        ))}
      </div>
      {isAdmin ? (
        <section aria-labelledby="admin-tools-heading" className="mt-6 border-t border-border pt-5">
          <h2
            id="admin-tools-heading"
            className="px-3 text-xs font-semibold uppercase tracking-wider text-slate-500"
          >
            Admin Tools
          </h2>
          <ul className="mt-2 space-y-1">
            <li>
              <Link
                to="/images"
                className="flex items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-muted"
              >
                <Image className="size-4 text-primary" aria-hidden="true" />
                Manage Images
              </Link>
            </li>
            <li>
              <Link
                to="/content"
                className="flex items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-muted"
              >
                <FileText className="size-4 text-primary" aria-hidden="true" />
                Content Manager
              </Link>
            </li>
          </ul>
        </section>
      ) : null}
    </nav>
  );
}
