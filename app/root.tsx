// The document shell: <html>, head tags, the shared data every page needs (header and footer
// content, admin flag) and the error screen for anything that escapes a route.
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { getRequestContent } from "~/features/content/request-content.server";
import { getShellContent } from "~/features/content/shell";
import { describeBrandHead } from "~/features/pages/brand-head.server";
import { BrandHead } from "~/features/pages/layout/brand-head";
import { loadNavigation } from "~/features/pages/layout/navigation.server";
import { getAppContext } from "~/platform/context.server";
import { Stylesheet } from "~/platform/document/stylesheet";
import { issueFormToken } from "~/platform/form-cookie.server";
import { answerDatabaseOutages } from "~/platform/http/database-outage.server";
import { getRequestData, provideRequestData } from "~/platform/request-data.server";
import type { SharedRootData } from "~/platform/root-data";
import { ToasterSlot } from "~/ui/toaster-slot";
import type { Route } from "./+types/root";

/**
 * A download's database outage answered 503 like a page's; what every request needs (content,
 * session) read once, here, for all loaders.
 */
export const middleware: Route.MiddlewareFunction[] = [answerDatabaseOutages, provideRequestData];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config, nonce } = getAppContext(context);
  const requestData = getRequestData(context);
  const [{ content, fresh }, session, formToken] = await Promise.all([
    getRequestContent(context),
    requestData.session(),
    issueFormToken(db),
  ]);
  const data = {
    shell: getShellContent(content, new Date().getFullYear()),
    brandHead: describeBrandHead(content),
    navigation: await loadNavigation(context, content),
    contentAvailable: fresh,
    isAdmin: Boolean(session),
    siteUrl: config.SITE_URL,
    nonce,
    /** The newsletter form's signed "shown at" time, on every page (the spam guard). */
    formToken,
  };
  return data satisfies SharedRootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Stylesheet />
        {data ? <BrandHead head={data.brandHead} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ToasterSlot />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-6 text-center">
      <title>{notFound ? "Page Not Found" : "Something went wrong"}</title>
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">
        {isRouteErrorResponse(error) ? error.status : "Error"}
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">
        {notFound ? "404 Page Not Found" : "Something went wrong"}
      </h1>
      <p className="mt-4 text-muted-foreground">
        {notFound
          ? "The page you are looking for does not exist."
          : "We could not show this page. Please try again in a moment."}
      </p>
      <a href="/" className="mt-8 font-semibold text-primary underline-offset-4 hover:underline">
        Back to the home page
      </a>
    </main>
  );
}
