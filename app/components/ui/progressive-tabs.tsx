// Tabs that keep every panel reachable without JavaScript. All panels are in the server HTML; the
// inactive ones are hidden by CSS. A <noscript> style (so no flash and no layout shift for the
// usual visitor) shows every panel under its own heading and hides the tab list, which cannot work
// without scripts. With scripts, the heading is read by screen readers only.
import type { ReactNode } from "react";
import { flushSync } from "react-dom";
import { cn } from "~/lib/cn";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

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
}: {
  tabs: ProgressiveTab[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix of the panel heading ids (see getTabAnchorId). */
  idPrefix: string;
  className?: string;
  listClassName?: string;
  triggerClassName?: string;
}) {
  return (
    <Tabs
      data-progressive-tabs=""
      value={value}
      defaultValue={defaultValue ?? tabs[0]?.value}
      onValueChange={onValueChange}
      className={className}
    >
      <noscript>
        <style>{noScriptCss}</style>
      </noscript>
      <div className="flex justify-center">
        <TabsList aria-label={label} className={listClassName}>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} className={triggerClassName}>
              {tab.icon}
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      {tabs.map((tab) => (
        <TabsContent
          key={tab.value}
          value={tab.value}
          forceMount
          className="data-[state=inactive]:hidden"
        >
          <h2
            id={getTabAnchorId(idPrefix, tab.value)}
            data-tab-heading=""
            tabIndex={-1}
            className={cn("sr-only text-2xl font-bold tracking-tight text-navy")}
          >
            {tab.label}
          </h2>
          {tab.content}
        </TabsContent>
      ))}
    </Tabs>
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
        const tabs = event.currentTarget.closest("[data-progressive-tabs]");
        flushSync(() => onSelect(value));
        tabs?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
      }}
    >
      {children}
    </a>
  );
}
