// A header menu with children (the Services menu, an owner's item with links under it): a
// disclosure of links (WAI-ARIA site navigation) with hover delays, arrow keys, Home, End,
// type-ahead and Escape. Hand-written instead of Radix to stay within the public JavaScript
// budget (ADR 003).
import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { MenuLink } from "./menu-link";
import type { ResolvedLink } from "./menu-model";

export const hoverOpenDelayMs = 100;
export const pointerGraceMs = 300;
export const typeaheadResetMs = 1000;

const linkClass =
  "block rounded-md px-3 py-2 text-sm text-slate-700 outline-none transition-colors hover:bg-muted hover:text-primary focus-visible:bg-muted focus-visible:text-primary";

/** Whether a site address is the current page or a page under it. */
function isAtOrUnder(pathname: string, href: string): boolean {
  return href !== "/" && (pathname === href || pathname.startsWith(`${href}/`));
}

export function MenuDropdown({
  label,
  links,
  finalLink,
  triggerClass,
}: {
  label: string;
  links: readonly ResolvedLink[];
  /** The link after a divider: the page the menu is about ("View All Services"). */
  finalLink: ResolvedLink | undefined;
  triggerClass: (state: { isActive: boolean }) => string;
}) {
  const hydrated = useHydrated();
  const { pathname, key } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const typeahead = useRef({ text: "", at: 0 });
  const active = [...links, ...(finalLink ? [finalLink] : [])].some(
    (link) => !link.external && isAtOrUnder(pathname, link.href),
  );
  // Without JavaScript the item is a plain link to the page it is about.
  const fallback = finalLink ?? links[0];

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location closes the menu.
  useEffect(() => setOpen(false), [key]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const anchors = () =>
    Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>("ul a") ?? []);

  function schedule(next: boolean, delay: number) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), delay);
  }

  function focusLink(index: number) {
    const items = anchors();
    items[(index + items.length) % items.length]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    const items = anchors();
    const current = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) setOpen(true);
      requestAnimationFrame(() => focusLink(current + 1));
    } else if (event.key === "ArrowUp" && open) {
      event.preventDefault();
      focusLink(current <= 0 ? -1 : current - 1);
    } else if (event.key === "Home" && open && current >= 0) {
      event.preventDefault();
      focusLink(0);
    } else if (event.key === "End" && open && current >= 0) {
      event.preventDefault();
      focusLink(-1);
    } else if (open && current >= 0 && event.key.length === 1 && /\S/.test(event.key)) {
      const now = Date.now();
      const state = typeahead.current;
      state.text = now - state.at > typeaheadResetMs ? event.key : state.text + event.key;
      state.at = now;
      const match = items.find((item) =>
        item.textContent?.trim().toLowerCase().startsWith(state.text.toLowerCase()),
      );
      match?.focus();
    }
  }

  if (!hydrated && fallback) {
    return (
      <li>
        <MenuLink
          link={{ ...fallback, label }}
          className={() => triggerClass({ isActive: active })}
        />
      </li>
    );
  }

  return (
    <li
      ref={rootRef}
      className="relative"
      onPointerEnter={(event) => event.pointerType === "mouse" && schedule(true, hoverOpenDelayMs)}
      onPointerLeave={(event) => event.pointerType === "mouse" && schedule(false, pointerGraceMs)}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        className={cn(triggerClass({ isActive: active || open }), "inline-flex items-center gap-1")}
        onClick={() => {
          clearTimeout(timer.current);
          setOpen((value) => !value);
        }}
      >
        {label}
        <ChevronDown
          className={cn("size-4 transition-transform", open && "rotate-180")}
          aria-hidden="true"
        />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-2 min-w-72 rounded-lg border border-border bg-white p-1.5 shadow-lg"
      >
        {links.map((link, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the list never reorders in place.
          <li key={index}>
            <MenuLink link={link} className={linkClass} />
          </li>
        ))}
        {finalLink ? (
          <li className={cn(links.length > 0 && "mt-1 border-t border-border pt-1")}>
            <MenuLink link={finalLink} className={cn(linkClass, "font-semibold text-primary")} />
          </li>
        ) : null}
      </ul>
    </li>
  );
}
