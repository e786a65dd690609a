// /edit, /admin and /working-editor: the content editor. A signed-in admin gets it from the server;
// otherwise the page checks the session in the browser and loads the content, or warns
// "Authentication Required" and goes to /admin/login after 1 second.
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { getGateSession } from "~/capabilities/workspace/gate.server";
import { describeRequestError, fetchAdminSession } from "~/capabilities/workspace/session-client";
import { type LoadedContent, loadContentSections } from "~/features/content/editor/content-client";
import { ContentForm } from "~/features/content/editor/content-form";
import { editorForm } from "~/features/content/editor/form-model";
import { getRequestContent } from "~/features/content/request-content.server";
import type { RouteHandle } from "~/platform/route-handle";
import { buildPageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { preloadToaster } from "~/ui/toaster-slot";
import { toast } from "~/ui/use-toast";
import type { Route } from "./+types/editor";

// One menu entry for the editor's three addresses (/edit, /admin, /working-editor).
export const handle = {
  adminNav: { label: "Content", order: 10, to: "/edit" },
} satisfies RouteHandle;

/** The pause before an unauthenticated visitor is sent to the login page. */
const unauthenticatedRedirectMs = 1000;
const loginPath = "/admin/login";

export async function loader({ context }: Route.LoaderArgs) {
  const session = getGateSession(context);
  if (!session) return { admin: null, initial: null };
  const { content, version, fresh } = await getRequestContent(context);
  // Editing a fallback copy while the database is unreadable could overwrite real content.
  if (!fresh) return { admin: { email: session.email }, initial: null };
  return {
    admin: { email: session.email },
    initial: { sections: editorForm.select(content), version } satisfies LoadedContent,
  };
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Content Editor",
    description: "Edit the website's content.",
    noindex: true,
  });
}

type AuthState = "checking" | "authenticated" | "unauthenticated";

function StatusScreen({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4">
      {children}
    </main>
  );
}

function Spinner() {
  return (
    <span
      className="size-8 animate-spin rounded-full border-4 border-secondary border-t-primary"
      aria-hidden="true"
    />
  );
}

/** Without JavaScript nothing can check the session: go to the login page after 1 second. */
function NoScriptRedirect() {
  return (
    <noscript
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed string, nothing from input.
      dangerouslySetInnerHTML={{
        __html: `<meta http-equiv="refresh" content="1;url=${loginPath}"><p style="text-align:center">Please <a href="${loginPath}">log in</a> to access the content editor.</p>`,
      }}
    />
  );
}

export default function EditorPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [auth, setAuth] = useState<AuthState>(loaderData.admin ? "authenticated" : "checking");
  const [email, setEmail] = useState(loaderData.admin?.email ?? null);
  const [loaded, setLoaded] = useState<LoadedContent | null>(loaderData.initial);
  const [loadError, setLoadError] = useState<string>();

  useEffect(preloadToaster, []);

  useEffect(() => {
    if (auth !== "checking") return;
    let cancelled = false;
    void fetchAdminSession().then((answer) => {
      if (cancelled) return;
      setEmail(answer.admin?.email ?? null);
      setAuth(answer.isAuthenticated ? "authenticated" : "unauthenticated");
    });
    return () => {
      cancelled = true;
    };
  }, [auth]);

  useEffect(() => {
    if (auth !== "unauthenticated") return;
    toast({
      title: "Authentication Required",
      description: "Please log in to access the content editor.",
      variant: "warning",
    });
    const timer = window.setTimeout(
      () => navigate(loginPath, { replace: true }),
      unauthenticatedRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [auth, navigate]);

  useEffect(() => {
    if (auth !== "authenticated" || loaded || loadError) return;
    let cancelled = false;
    loadContentSections(editorForm.select)
      .then((content) => {
        if (!cancelled) setLoaded(content);
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(describeRequestError(error, "Unable to load the content"));
      });
    return () => {
      cancelled = true;
    };
  }, [auth, loaded, loadError]);

  if (auth === "unauthenticated") return null;
  if (auth === "checking") {
    return (
      <StatusScreen>
        <Spinner />
        <p role="status" className="text-muted-foreground">
          Checking authentication...
        </p>
        <NoScriptRedirect />
      </StatusScreen>
    );
  }
  if (loadError) {
    return (
      <StatusScreen>
        <h1 className="text-xl font-semibold text-navy">The content could not be loaded</h1>
        <p role="alert" className="max-w-md text-center text-muted-foreground">
          {loadError}
        </p>
        <Button type="button" onClick={() => setLoadError(undefined)}>
          Try again
        </Button>
      </StatusScreen>
    );
  }
  if (!loaded) {
    return (
      <StatusScreen>
        <Spinner />
        <p role="status" className="text-muted-foreground">
          Loading content...
        </p>
      </StatusScreen>
    );
  }
  return (
    <ContentForm
      model={editorForm}
      initial={loaded}
      adminEmail={email}
      title="Content Editor"
      cardTitle="Website Content"
      cardDescription="Edit the text of your website. Each tab holds one part of the site."
    />
  );
}
