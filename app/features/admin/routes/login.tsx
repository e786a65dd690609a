// /admin/login (spec section 2): the admin login screen. With JavaScript the form calls the JSON
// API and shows the spec's toasts; without it, the form posts here. Both are one submission path.
import { LockKeyhole } from "lucide-react";
import { Link, redirect } from "react-router";
import { LoginForm } from "~/features/admin/login/login-form";
import { loginSuccessPath } from "~/features/admin/login/login-schema";
import { submitLogin } from "~/features/admin/login/login-submission.server";
import { readFormMessage } from "~/platform/http/form-result";
import { getRequestData } from "~/platform/request-data.server";
import { useSharedRootData } from "~/platform/root-data";
import { buildPageMeta } from "~/platform/seo/meta";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { SiteLogo } from "~/ui/site-logo";
import type { Route } from "./+types/login";

export async function loader({ context }: Route.LoaderArgs) {
  const session = await getRequestData(context).session();
  if (session) throw redirect(loginSuccessPath);
  return null;
}

export function action(args: Route.ActionArgs) {
  return submitLogin(args);
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
              serverErrors={actionData?.status === "failed" ? actionData.errors : undefined}
              serverFormError={readFormMessage(actionData)}
              defaultEmail={actionData?.values.email}
              successPath={loginSuccessPath}
            />
            <p className="mt-4 text-center text-sm">
              <Link
                to="/admin/forgot-password"
                className="rounded-md font-medium text-primary underline-offset-4 hover:underline"
              >
                Forgot your password?
              </Link>
            </p>
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
