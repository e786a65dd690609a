// The site's stylesheet: a <link> in development, inlined as a <style> in production (its text
// comes from the server through context; the browser keeps what the server sent at hydration).
// Routes whose handle says `stylesheet: "linked"` (the admin screens) link it in production too.
import { createContext, useContext, useState } from "react";
import { useMatches } from "react-router";
import stylesheetUrl from "~/app.css?url";
import type { RouteHandle } from "~/platform/route-handle";

/** Set by entry.server.tsx with the built stylesheet's text. */
export const InlineStylesheetContext = createContext<string | undefined>(undefined);

function isLinkedHere(matches: ReturnType<typeof useMatches>): boolean {
  return matches.some(
    (match) => (match.handle as RouteHandle | undefined)?.stylesheet === "linked",
  );
}

export function Stylesheet() {
  const css = useContext(InlineStylesheetContext);
  const matches = useMatches();
  // Chosen for the document's first page and kept through client navigations: the browser holds
  // the inlined text only if the server sent it, so a linked sheet stays linked, and vice versa.
  const [linked] = useState(() => import.meta.env.DEV || isLinkedHere(matches));
  if (linked) return <link rel="stylesheet" href={stylesheetUrl} />;
  return (
    <style
      // Empty in the browser: React leaves the server's text in place when it hydrates.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, not input.
      dangerouslySetInnerHTML={{ __html: css ?? "" }}
      suppressHydrationWarning
    />
  );
}
