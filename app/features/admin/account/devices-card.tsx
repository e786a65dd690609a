// "Where you are signed in": each device of the account (browser and system in words, address,
// last seen in the site time zone), this one marked, each with "Sign out", and "Sign out all
// other devices" below. Plain form posts: it works before JavaScript loads.
import { Laptop, LogOut, Smartphone } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import type { AccountDevice } from "./account.server";

const phonePattern = /iPhone|Android|iPad/;

export function DevicesCard({ devices, busy }: { devices: AccountDevice[]; busy: boolean }) {
  const others = devices.filter((device) => !device.current).length;
  return (
    <Card>
      <CardHeader>
        <h2 id="devices-heading" className="text-lg font-semibold leading-tight">
          Where you are signed in
        </h2>
        <CardDescription>
          Sign out a device you do not recognise, then change your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul
          aria-labelledby="devices-heading"
          className="divide-y divide-border rounded-lg border border-border"
        >
          {devices.map((device) => {
            const Icon = phonePattern.test(device.device) ? Smartphone : Laptop;
            return (
              <li
                key={device.key}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 gap-3">
                  <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-navy">
                      {device.device}
                      {device.current ? (
                        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
                          This device
                        </span>
                      ) : null}
                    </p>
                    <p className="text-sm text-slate-600">
                      {device.address} · Last seen {device.lastSeen}
                    </p>
                    <p className="text-xs text-slate-500">Signed in {device.started}</p>
                  </div>
                </div>
                <Form method="post" className="shrink-0">
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="key" value={device.key} />
                  <Button type="submit" variant="outline" size="sm" disabled={busy}>
                    <LogOut aria-hidden="true" />
                    Sign out
                    <span className="sr-only">
                      {" "}
                      {device.current ? "this device" : `${device.device}, ${device.address}`}
                    </span>
                  </Button>
                </Form>
              </li>
            );
          })}
        </ul>
        {others > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="end-others" />
            <Button type="submit" variant="outline" disabled={busy}>
              Sign out all other devices
            </Button>
          </Form>
        ) : (
          <p className="text-sm text-slate-600">No other device is signed in.</p>
        )}
      </CardContent>
    </Card>
  );
}
