// What the alternative home layouts load: the home slice of the current content. Unlike the main
// layout, they fall back to the last content read (or the default) when the database fails.
import type { RouterContextProvider } from "react-router";
import { pickHomeContent } from "~/features/content/home";
import { getRequestContent } from "~/features/content/request-content.server";

export async function loadHomeContent(context: Readonly<RouterContextProvider>) {
  const { content } = await getRequestContent(context);
  return pickHomeContent(content);
}
