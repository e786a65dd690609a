// "Change your password" on the account screen: the current password, the new one twice. Every
// other session of the account ends; this one stays.
import { Form } from "react-router";
import { FormNotice } from "~/capabilities/workspace/shell/notice";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { PasswordInput } from "../admins/password-fields";
import type { AccountIntentResult } from "./account.server";

export function ChangePasswordCard({ result }: { result: AccountIntentResult | undefined }) {
  const own = result?.form === "password" ? result : undefined;
  const errors = own?.status === "failed" ? own.errors : {};
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Change your password</h2>
        <CardDescription>
          At least 12 characters. Every other session of your account ends; this one stays.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {own?.status === "done" ? <FormNotice result={own} /> : null}
        <Form
          method="post"
          className="grid gap-4"
          key={own?.status === "done" ? own.body.message : "password"}
        >
          <input type="hidden" name="intent" value="password" />
          <PasswordInput
            id="current-password"
            name="currentPassword"
            label="Current password"
            error={errors.currentPassword}
            autoComplete="current-password"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordInput
              id="new-password"
              name="newPassword"
              label="New password"
              error={errors.newPassword}
              autoComplete="new-password"
            />
            <PasswordInput
              id="new-password-again"
              name="newPasswordAgain"
              label="New password again"
              error={errors.newPasswordAgain}
              autoComplete="new-password"
            />
          </div>
          <div>
            <Button type="submit">Change password</Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
