// /admin/login (spec section 2): the admin login screen. With JavaScript the form calls the JSON
// API and shows the spec's toasts; without it, the form posts here and this action signs in.
import { LockKeyhole } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { describeSignInFailure, signIn } from "~/features/admin/login/login.server";
import { LoginForm } from "~/features/admin/login/login-form";
import { loginSchema } from "~/features/admin/login/login-schema";
import { getAppContext } from "~/platform/context.server";
import { ApiError, assertSameOrigin, toFieldErrors } from "~/platform/http/api.server";
import { getRequestData } from "~/platform/request-data.server";
import { useSharedRootData } from "~/platform/root-data";
import { buildPageMeta } from "~/platform/seo/meta";
import { readSessionId, serializeSessionCookie } from "~/platform/sessions.server";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { SiteLogo } from "~/ui/site-logo";
import type { Route } from "./+types/login";

/** Where a successful login goes (spec section 4). */
const editorPath = "/working-editor";

export async function loader({ context }: Route.LoaderArgs) {
  const session = await getRequestData(context).session();
  if (session) throw redirect(editorPath);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, config, clientIp } = getAppContext(context);
  try {
    assertSameOrigin(request, config.SITE_URL);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ formError: error.message, errors: {}, email: "" }, { status: error.status });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data(
      { formError: "Please fill in the form and send it again.", errors: {}, email: "" },
      { status: 400 },
    );
  }
  const email = String(form.get("email") ?? "");
  const parsed = loginSchema.safeParse({ email, password: form.get("password") ?? "" });
  if (!parsed.success) {
    return data(
      { formError: undefined, errors: toFieldErrors(parsed.error), email },
      { status: 400 },
    );
  }
  const result = await signIn(db, {
    ...parsed.data,
    clientIp,
    previousSessionId: readSessionId(request, config.secure),
  });
  if (result.status === "signed-in") {
    throw redirect(editorPath, {
      headers: { "Set-Cookie": serializeSessionCookie(result.sessionId, config.secure) },
    });
  }
  const failure = describeSignInFailure(result);
  return data(
    { formError: failure.message, errors: {}, email },
    { status: failure.status, headers: failure.headers },
  );
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Admin Login",
    description: "Sign in to manage your company website content.",
    noindex: true,
  });
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const root = useSharedRootData();
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <SiteLogo name={root?.shell.companyName ?? "Home"} />
        </div>
        <Card className="shadow-md">
          <CardHeader className="items-center pb-4 text-center">
            <div className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
              <LockKeyhole className="size-6" aria-hidden="true" />
            </div>
            <h1 className="mt-3 text-2xl font-bold tracking-tight text-navy">Admin Login</h1>
            <p className="text-sm text-muted-foreground">
              Sign in to manage your company website content
            </p>
          </CardHeader>
          <CardContent>
            <LoginForm
              key={actionData ? JSON.stringify(actionData) : "initial"}
              serverErrors={actionData?.errors}
              serverFormError={actionData?.formError}
              defaultEmail={actionData?.email}
              successPath={editorPath}
            />
          </CardContent>
        </Card>
        <p className="mt-6 text-center">
          <Link
            to="/"
            className="rounded-md text-sm font-medium text-slate-600 underline-offset-4 hover:text-primary hover:underline"
          >
            ← Back to website
          </Link>
        </p>
      </div>
    </main>
  );
}
