// The error boundary of the public pages that can show a notice (a detail page whose record does
// not exist or failed, the site's 404 page): it picks the notice, and StatusNotice draws it. The
// drawing is imported when a notice is shown, so the pages that show none do not load it.
import { SearchX } from "lucide-react";
import { lazy } from "react";
import { isRouteErrorResponse } from "react-router";
import type { Notice, NoticeLink } from "./status-notice";

/** StatusNotice, loaded on first use: the server waits for it; the browser, for a 404 page only. */
export const NoticeOnDemand = lazy(() =>
  import("./status-notice").then((module) => ({ default: module.StatusNotice })),
);

/** A route's notices: the one for a 404 and, if it has its own, the one for a failure. */
export type ErrorNotices = { notFound: Notice; failure?: Notice };

/**
 * A detail page's 404: what is missing, the way back to its list, and home. No failure notice:
 * anything but a 404 goes on to the site's error screen.
 */
export function describeMissing(heading: string, text: string, list: NoticeLink): ErrorNotices {
  return {
    notFound: {
      status: "404",
      heading,
      text,
      links: [
        { ...list, back: true },
        { to: "/", label: "Back to Home" },
      ],
    },
  };
}

/**
 * What a route's error boundary draws: its not-found notice for a 404, its failure notice for
 * anything else; without one, the failure goes on (thrown) to the site's error screen.
 */
export function drawErrorNotice(error: unknown, notices: ErrorNotices) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const notice = notFound ? notices.notFound : notices.failure;
  if (!notice) throw error;
  // The icon is given from here: imported by the pages, it stays in the code they share.
  return <NoticeOnDemand icon={SearchX} {...notice} />;
}
