// HTML drawn on the server that a document's page data leaves out: the render takes it from here
// (set by entry.server.tsx), and the browser keeps what the server sent when it hydrates, so the
// page does not carry the same markup twice, once as HTML and once as data.
import { createContext, useContext } from "react";

/** The drawn HTML of this render by key; undefined in the browser. */
export const HeldHtmlContext = createContext<ReadonlyMap<string, string> | undefined>(undefined);

/** The HTML held under key for this render: empty in the browser (React keeps the server's). */
export function useHeldHtml(key: string | undefined): string {
  const held = useContext(HeldHtmlContext);
  return key === undefined ? "" : (held?.get(key) ?? "");
}
