// The site's stylesheet: a <link> in development, inlined as a <style> in production (its text
// comes from the server through context; the browser keeps what the server sent at hydration).
import { createContext, useContext } from "react";
import stylesheetUrl from "~/app.css?url";

/** Set by entry.server.tsx with the built stylesheet's text. */
export const InlineStylesheetContext = createContext<string | undefined>(undefined);

export function Stylesheet() {
  const css = useContext(InlineStylesheetContext);
  if (import.meta.env.DEV) return <link rel="stylesheet" href={stylesheetUrl} />;
  return (
    <style
      // Empty in the browser: React leaves the server's text in place when it hydrates.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, not input.
      dangerouslySetInnerHTML={{ __html: css ?? "" }}
      suppressHydrationWarning
    />
  );
}
