// /admin/navigation: the header menu, the booking button and the footer's links, saved as the
// content's navigation section (history, restore, activity and cache drops as any content save).
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { UnloadedScreen } from "~/capabilities/workspace/shell/notice";
import { getRequestContent } from "~/features/content/request-content.server";
import { describeNavigationTargets } from "~/features/pages/navigation-admin/navigation-admin.server";
import { NavigationEditor } from "~/features/pages/navigation-admin/navigation-editor";
import { getAppContext } from "~/platform/context.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import type { Route } from "./+types/navigation";

export const handle = { adminNav: { label: "Navigation", order: 25 } } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const session = getAdmin(context);
  const { content, version, fresh } = await getRequestContent(context);
  // Editing a fallback copy while the database is unreadable could overwrite the real menus.
  if (!fresh) return { adminEmail: session.email, initial: null, titles: {}, missing: [] };
  const { db, logger, routes } = getAppContext(context);
  const targets = await describeNavigationTargets(db, content, logger, routes.pages);
  return {
    adminEmail: session.email,
    initial: { sections: { navigation: content.navigation }, version },
    ...targets,
  };
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Navigation",
    description: "The website's header menu, booking button and footer links.",
    noindex: true,
  });
}

export default function NavigationPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.initial) {
    return <UnloadedScreen title="Navigation" what="The navigation" />;
  }
  return (
    <NavigationEditor
      initial={loaderData.initial}
      titles={loaderData.titles}
      missing={loaderData.missing}
    />
  );
}
