// What the alternative home layouts load: the home slice of the current content. Unlike the main
// layout, they fall back to the last content read (or the default) when the database fails.
import type { RouterContextProvider } from "react-router";
import { pickHomeContent } from "~/content/home";
import { getAppContext } from "./context.server";
import { getSiteContent } from "./site-content.server";

export async function loadHomeContent(context: Readonly<RouterContextProvider>) {
  const { db, logger } = getAppContext(context);
  const { content } = await getSiteContent(db, logger);
  return pickHomeContent(content);
}
