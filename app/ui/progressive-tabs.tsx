// Tabs that keep every panel reachable without JavaScript (a <noscript> style shows each under its
// heading). Hand-written to the WAI-ARIA tabs pattern with Radix's behaviour: Radix Tabs would add
// about 10 KB gzipped and push pages past the 130 KB public JavaScript budget.
import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { cn } from "./cn";

export type ProgressiveTab = {
  value: string;
  label: string;
  icon?: ReactNode;
  content: ReactNode;
};

const noScriptCss = `
[data-progressive-tabs] [role="tablist"]{display:none!important}
[data-progressive-tabs] [role="tabpanel"]{display:block!important}
[data-progressive-tabs] [role="tabpanel"]+[role="tabpanel"]{margin-top:3.5rem!important}
[data-progressive-tabs] [data-tab-heading]{position:static!important;width:auto!important;height:auto!important;margin:0 0 1.5rem!important;overflow:visible!important;clip:auto!important;clip-path:none!important;white-space:normal!important}
`;

/** The id of a panel's heading, for "go to this tab" links that also work without JavaScript. */
export function getTabAnchorId(idPrefix: string, value: string): string {
  return `${idPrefix}-${value}`;
}

const getTabId = (idPrefix: string, value: string) => `${idPrefix}-tab-${value}`;
const getPanelId = (idPrefix: string, value: string) => `${idPrefix}-panel-${value}`;

export function ProgressiveTabs({
  tabs,
  value,
  defaultValue,
  onValueChange,
  label,
  idPrefix,
  className,
  listClassName,
  triggerClassName,
  headingLevel = 2,
  align = "center",
}: {
  tabs: ProgressiveTab[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix of the ids of tabs, panels and panel headings; unique on the page. */
  idPrefix: string;
  className?: string;
  listClassName?: string;
  triggerClassName?: string;
  /** Level of each panel's heading (shown without JavaScript, read by screen readers). */
  headingLevel?: 2 | 3;
  align?: "center" | "start";
}) {
  const PanelHeading = headingLevel === 3 ? "h3" : "h2";
  const [ownValue, setOwnValue] = useState(defaultValue ?? tabs[0]?.value ?? "");
  const current = value ?? ownValue;
  const listRef = useRef<HTMLDivElement>(null);

  function select(next: string) {
    if (value === undefined) setOwnValue(next);
    onValueChange?.(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const focused = tabs.findIndex(
      (tab) => getTabId(idPrefix, tab.value) === (event.target as HTMLElement).id,
    );
    if (focused < 0) return;
    const last = tabs.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: focused === last ? 0 : focused + 1,
      ArrowLeft: focused === 0 ? last : focused - 1,
      Home: 0,
      End: last,
    };
    const index = targets[event.key];
    const next = index === undefined ? undefined : tabs[index];
    if (!next) return;
    event.preventDefault();
    select(next.value);
    listRef.current
      ?.querySelector<HTMLElement>(`#${CSS.escape(getTabId(idPrefix, next.value))}`)
      ?.focus();
  }

  return (
    <div data-progressive-tabs="" className={className}>
      <noscript>
        <style>{noScriptCss}</style>
      </noscript>
      <div className={cn("flex", align === "center" ? "justify-center" : "justify-start")}>
        <div
          ref={listRef}
          role="tablist"
          aria-label={label}
          aria-orientation="horizontal"
          onKeyDown={onKeyDown}
          className={cn(
            "inline-flex flex-wrap items-center justify-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground",
            listClassName,
          )}
        >
          {tabs.map((tab) => {
            const selected = tab.value === current;
            return (
              <button
                key={tab.value}
                type="button"
                role="tab"
                id={getTabId(idPrefix, tab.value)}
                aria-selected={selected}
                aria-controls={getPanelId(idPrefix, tab.value)}
                tabIndex={selected ? 0 : -1}
                data-state={selected ? "active" : "inactive"}
                onClick={() => select(tab.value)}
                className={cn(
                  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-all hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
                  triggerClassName,
                )}
              >
                {tab.icon}
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.value}
          role="tabpanel"
          id={getPanelId(idPrefix, tab.value)}
          aria-labelledby={getTabId(idPrefix, tab.value)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern puts the panel next in the tab order.
          tabIndex={0}
          data-state={tab.value === current ? "active" : "inactive"}
          className="mt-6 rounded-sm data-[state=inactive]:hidden"
        >
          <PanelHeading
            id={getTabAnchorId(idPrefix, tab.value)}
            data-tab-heading=""
            tabIndex={-1}
            className="sr-only text-2xl font-bold tracking-tight text-navy"
          >
            {tab.label}
          </PanelHeading>
          {tab.content}
        </div>
      ))}
    </div>
  );
}

/**
 * A link that switches to another tab of the surrounding ProgressiveTabs and moves focus to its
 * tab. Without JavaScript it is a plain link to that panel's heading, which is then shown.
 */
export function TabLink({
  idPrefix,
  value,
  onSelect,
  className,
  children,
}: {
  idPrefix: string;
  value: string;
  onSelect: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={`#${getTabAnchorId(idPrefix, value)}`}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        flushSync(() => onSelect(value));
        document.getElementById(getTabId(idPrefix, value))?.focus();
      }}
    >
      {children}
    </a>
  );
}
