// The frame of the pages a signed-out admin sees (the login, forgotten password, reset, invite):
// the site's logo, one card with an icon, a heading and a line under it, and a way back (to the
// sign-in, or from the login to the website).
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSharedRootData } from "~/platform/root-data";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { SiteLogo } from "~/ui/site-logo";

export function AuthPage({
  icon: Icon,
  title,
  description,
  children,
  back = { to: "/admin/login", label: "Back to sign in" },
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
  back?: { to: string; label: string };
}) {
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
              <Icon className="size-6" aria-hidden="true" />
            </div>
            <h1 className="mt-3 text-2xl font-bold tracking-tight text-navy">{title}</h1>
            <p className="text-sm text-muted-foreground">{description}</p>
          </CardHeader>
          <CardContent className="grid gap-5">{children}</CardContent>
        </Card>
        <p className="mt-6 text-center">
          <Link
            to={back.to}
            className="rounded-md text-sm font-medium text-slate-600 underline-offset-4 hover:text-primary hover:underline"
          >
            {`← ${back.label}`}
          </Link>
        </p>
      </div>
    </main>
  );
}

/** The message above a form that is not about one field (a refusal, a limit). */
export function FormAlert({ message }: { message: string | undefined }) {
  return message ? (
    <div
      role="alert"
      className="rounded-md border border-destructive/30 bg-red-50 px-4 py-3 text-sm text-destructive"
    >
      {message}
    </div>
  ) : null;
}
