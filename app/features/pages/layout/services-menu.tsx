// The header's Services menu, a disclosure of links (WAI-ARIA site navigation) with hover delays,
// arrow keys, Home, End, type-ahead and Escape. Hand-written instead of Radix to stay within the
// public JavaScript budget (ADR 003).
import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { ShellContent } from "~/features/content/shell";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/hooks/use-hydrated";

export const hoverOpenDelayMs = 100;
export const pointerGraceMs = 300;
export const typeaheadResetMs = 1000;

const linkClass =
  "block rounded-md px-3 py-2 text-sm text-slate-700 outline-none transition-colors hover:bg-muted hover:text-primary focus-visible:bg-muted focus-visible:text-primary";

export function ServicesMenu({
  services,
  triggerClass,
}: {
  services: ShellContent["services"];
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
  const active = pathname === "/services" || pathname.startsWith("/services/");

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

  const links = () =>
    Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>("ul a") ?? []);

  function schedule(next: boolean, delay: number) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), delay);
  }

  function focusLink(index: number) {
    const items = links();
    items[(index + items.length) % items.length]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    const items = links();
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

  // Without JavaScript the item is a plain link to the services list.
  if (!hydrated) {
    return (
      <li>
        <NavLink to="/services" className={triggerClass}>
          Services
        </NavLink>
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
        Services
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
        {services.map((service) => (
          <li key={service.slug}>
            <Link to={`/services/${service.slug}`} className={linkClass}>
              {service.title}
            </Link>
          </li>
        ))}
        <li className="mt-1 border-t border-border pt-1">
          <Link to="/services" className={cn(linkClass, "font-semibold text-primary")}>
            View All Services
          </Link>
        </li>
      </ul>
    </li>
  );
}
