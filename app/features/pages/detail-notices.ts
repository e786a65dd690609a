// What the detail pages' error boundaries say (the spec's words): an unknown article, case study
// or service, and a service that failed. In code, not content: a boundary has no loader data.
import type { ErrorNotices, NoticeLink } from "~/ui/sections/status-notice";

/**
 * A detail page's 404: what is missing, the way back to its list, and home. No failure notice:
 * anything but a 404 goes on to the site's error screen.
 */
function describeMissing(heading: string, text: string, list: NoticeLink): ErrorNotices {
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

const toServices = [{ to: "/services", label: "View All Services" }];

export const detailNotices = {
  article: describeMissing(
    "Article Not Found",
    "The article you're looking for could not be found.",
    { to: "/blog", label: "View All Articles" },
  ),
  caseStudy: describeMissing(
    "Case Study Not Found",
    "The case study you're looking for could not be found.",
    { to: "/case-studies", label: "View All Case Studies" },
  ),
  service: {
    notFound: {
      look: "compact",
      heading: "Service Not Found",
      text: "The service you're looking for could not be found.",
      links: toServices,
    },
    failure: {
      look: "compact",
      heading: "Something went wrong",
      text: "We could not show this service. Please try again in a moment.",
      links: toServices,
    },
  },
} satisfies Record<string, ErrorNotices>;
