// The Settings screen's "Require two-factor for every admin": on or off, posted to the
// Settings screen's action (?two-factor). Turning it on sends every admin without two-factor to
// the Security screen at their next screen.
import { ShieldCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";

export function RequireTwoFactorCard({ required }: { required: boolean }) {
  const navigation = useNavigation();
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <div className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          <h2 className="text-lg font-semibold leading-tight">Two-factor sign-in</h2>
        </div>
        <CardDescription>
          {required
            ? "Required for every admin: anyone without an authenticator app or passkey is asked to set one up before any other screen."
            : "Not required: each admin chooses on their Security screen. Requiring it protects the site if a password leaks."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action="?two-factor">
          <input type="hidden" name="requireTwoFactor" value={required ? "off" : "on"} />
          <Button
            type="submit"
            variant={required ? "outline" : "default"}
            disabled={navigation.state === "submitting"}
          >
            {required ? "Stop requiring two-factor" : "Require two-factor"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
