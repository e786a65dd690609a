// /content: the content manager (admin only), for the sections the content editor leaves out.
// No session: straight to the login page, from the server.
import { useEffect } from "react";
import { preloadToaster } from "~/components/ui/toaster-slot";
import { ContentManager } from "~/features/admin/content/content-manager";
import { toManagerSections } from "~/features/admin/content/manager-model";
import { getAdmin } from "~/features/admin/gate.server";
import { buildPageMeta } from "~/lib/seo";
import { getAppContext } from "~/server/context.server";
import { getSiteContent } from "~/server/site-content.server";
import type { Route } from "./+types/content-manager";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = getAppContext(context);
  const session = getAdmin(context);
  const { content, version, fresh } = await getSiteContent(db, logger);
  // Editing a fallback copy while the database is unreadable could overwrite real content.
  return {
    adminEmail: session.email,
    initial: fresh ? { sections: toManagerSections(content), version } : null,
  };
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Content Manager",
    description: "Edit the rest of the website's content.",
    noindex: true,
  });
}

export default function ContentManagerPage({ loaderData }: Route.ComponentProps) {
  useEffect(preloadToaster, []);
  if (!loaderData.initial) {
    return (
      <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4">
        <h1 className="text-xl font-semibold text-navy">The content could not be loaded</h1>
        <p role="alert" className="max-w-md text-center text-muted-foreground">
          The database is not answering just now. Please reload this page in a moment.
        </p>
      </main>
    );
  }
  return <ContentManager initial={loaderData.initial} />;
}
