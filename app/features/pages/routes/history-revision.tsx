// /admin/history/:kind/:id: what one revision changed compared with the one before, and Restore:
// its content saved as a new revision after a confirmation. The restore names the version read
// (If-Match or the form's field): anything saved since makes it a 409 that writes nothing. A
// deleted item whose address is taken since asks for another one in the same form.
import { useRef } from "react";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { Notice } from "~/capabilities/workspace/shell/notice";
import { ContentConflictError } from "~/features/content/content-store.server";
import { getHistoryKind } from "~/features/pages/history/history.server";
import { describeRestore } from "~/features/publishing/history/restore-texts";
import { getActor } from "~/platform/activity/activity.server";
import { getAppContext } from "~/platform/context.server";
import { formatTime } from "~/platform/format-time";
import { RestoreAddressError } from "~/platform/history";
import { ApiError, assertSameOrigin } from "~/platform/http/api.server";
import { answerFailed } from "~/platform/http/form-result";
import { parseIfMatch } from "~/platform/http/if-match.server";
import { getRequestData } from "~/platform/request-data.server";
import { buildPageMeta } from "~/platform/seo/meta";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { FormField } from "~/ui/forms/form-field";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { Input } from "~/ui/input";
import type { Route } from "./+types/history-revision";

function readTarget(params: { kind: string; id: string }) {
  const kind = getHistoryKind(params.kind);
  const id = Number(params.id);
  if (!kind || !Number.isSafeInteger(id) || id <= 0) {
    throw data({ message: "No such version" }, { status: 404 });
  }
  return { kind, id };
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getAppContext(context);
  getAdmin(context);
  const { kind, id } = readTarget(params);
  const timeZone = await getRequestData(context).timeZone();
  const revision = await kind.get(db, id, {
    formatTime: (iso: string) => formatTime(iso, timeZone),
  });
  if (!revision) throw data({ message: "No such version" }, { status: 404 });
  return { revision: { ...revision, when: formatTime(revision.createdAt, timeZone) } };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, config, clientIp, routes } = getAppContext(context);
  const admin = getAdmin(context);
  const { kind, id } = readTarget(params);
  let expectedVersion: number | undefined;
  let address: string | undefined;
  try {
    assertSameOrigin(request, config.SITE_URL);
    const form = await request.formData().catch(() => new FormData());
    const fromForm = form.get("expectedVersion");
    expectedVersion =
      parseIfMatch(request.headers.get("if-match")) ??
      (typeof fromForm === "string" && /^\d+$/.test(fromForm) ? Number(fromForm) : undefined);
    const addressField = form.get("address");
    if (typeof addressField === "string") address = addressField.slice(0, 300);
  } catch (error) {
    if (error instanceof ApiError) {
      return data(answerFailed(error.message), { status: error.status });
    }
    throw error;
  }
  try {
    const restored = await kind.restore(db, id, {
      expectedVersion,
      actor: getActor(admin, clientIp),
      role: admin.role,
      address,
      takenSegments: routes.firstSegments,
    });
    if (!restored) return data(answerFailed("This version no longer exists."), { status: 404 });
    const at = restored.address ? `&at=${encodeURIComponent(restored.address)}` : "";
    throw redirect(`/admin/history?restored=${kind.id}-${id}${at}`, {
      headers: { ETag: `"${restored.version}"` },
    });
  } catch (error) {
    if (error instanceof RestoreAddressError) {
      return data(
        {
          ...answerFailed(error.message, { errors: { address: error.message } }),
          values: { address: address ?? "" },
          newAddress: { prefix: error.prefix, suggestion: error.suggestion },
        },
        // Nothing chosen yet: the item's own address is taken (a conflict); else the choice is bad.
        { status: address === undefined ? 409 : 400 },
      );
    }
    if (error instanceof ContentConflictError) {
      return data(
        answerFailed(
          "The content was saved by someone else since you opened this page, so nothing was restored. Look at the latest changes, then restore again if you still want this version.",
        ),
        { status: 409, headers: { ETag: `"${error.currentVersion}"` } },
      );
    }
    throw error;
  }
}

export function meta(args: Route.MetaArgs) {
  return buildPageMeta(args, {
    title: "Version details",
    description: "What one saved version changed.",
    noindex: true,
  });
}

export default function HistoryRevisionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { revision } = loaderData;
  const navigation = useNavigation();
  const restoring = navigation.state === "submitting";
  const hydrated = useHydrated();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const confirmation = describeRestore({ ...revision, note: revision.restoreNote });
  const addressError = actionData?.status === "failed" ? actionData.errors.address : undefined;
  const newAddress =
    (actionData && "newAddress" in actionData ? actionData.newAddress : undefined) ??
    revision.newAddress;
  const restoreButton = (
    <Button type={hydrated ? "button" : "submit"} disabled={restoring}>
      {restoring ? "Restoring..." : "Restore this version"}
    </Button>
  );
  return (
    <AdminPage
      title={`${revision.subject}, version ${revision.version}`}
      description={
        <>
          Saved <time dateTime={revision.createdAt}>{revision.when}</time> by{" "}
          {revision.author ?? "the initial setup"}. Changes compared with the version before it.
        </>
      }
      actions={
        <Button asChild variant="outline">
          <Link to="/admin/history">Back to History</Link>
        </Button>
      }
    >
      {actionData?.status === "failed" && !addressError ? (
        <Notice
          tone="warning"
          title="Not restored"
          actions={
            <Link to="/admin/history" className="font-semibold underline">
              See the latest versions
            </Link>
          }
        >
          {actionData.message}
        </Notice>
      ) : null}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Card className="min-w-0">
          <h2 className="border-b border-border px-4 py-3 text-lg font-semibold text-navy sm:px-6">
            {revision.isFirst ? "First version" : "What changed"}
          </h2>
          {revision.events.length > 0 ? (
            <ul className="grid gap-1 border-b border-border px-4 py-4 text-sm font-medium break-words text-slate-900 sm:px-6">
              {revision.events.map((event) => (
                <li key={event}>{event}</li>
              ))}
            </ul>
          ) : null}
          {revision.changes.length === 0 ? (
            <p className="px-6 py-8 text-center text-slate-600">
              {revision.isFirst
                ? "The oldest version kept: there is nothing before it to compare with."
                : revision.events.length > 0
                  ? "No field of the text changed."
                  : "This version saved the same text as the one before it."}
            </p>
          ) : (
            <ol className="divide-y divide-border" aria-label="Changed fields">
              {revision.changes.map((change) => (
                <li key={change.path} className="px-4 py-4 sm:px-6">
                  <h3 className="text-sm font-semibold break-words text-navy">{change.label}</h3>
                  <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
                    <div className="min-w-0 rounded-md border border-red-200 bg-red-50 p-3">
                      <dt className="text-xs font-semibold tracking-wide text-red-800 uppercase">
                        Before
                      </dt>
                      <dd className="mt-1 break-words whitespace-pre-wrap text-slate-900">
                        {change.before || <span className="text-slate-600 italic">(empty)</span>}
                      </dd>
                    </div>
                    <div className="min-w-0 rounded-md border border-emerald-200 bg-emerald-50 p-3">
                      <dt className="text-xs font-semibold tracking-wide text-emerald-800 uppercase">
                        After
                      </dt>
                      <dd className="mt-1 break-words whitespace-pre-wrap text-slate-900">
                        {change.after || <span className="text-slate-600 italic">(empty)</span>}
                      </dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <Card className="p-5 lg:sticky lg:top-6">
          <h2 className="text-lg font-semibold text-navy">Restore</h2>
          {newAddress ? (
            <RestoreAtAddressForm
              version={revision.version}
              note={revision.restoreNote}
              prefix={newAddress.prefix}
              address={
                actionData?.status === "failed"
                  ? (actionData.values.address ?? newAddress.suggestion)
                  : newAddress.suggestion
              }
              error={addressError}
              busy={restoring}
            />
          ) : revision.isCurrent ? (
            <p className="mt-2 text-sm text-slate-600">This is the current version.</p>
          ) : (
            <Form ref={form} method="post" className="mt-2 grid gap-3">
              <p className="text-sm text-slate-600">
                {revision.currentNumber
                  ? `Puts version ${revision.version} back as the current version, saved as a new version. The current one stays in History.`
                  : revision.restoreNote}
              </p>
              <input type="hidden" name="expectedVersion" value={revision.currentVersion} />
              {hydrated ? (
                <ConfirmDialog
                  trigger={restoreButton}
                  title={confirmation.title}
                  description={confirmation.description}
                  confirmLabel={`Restore version ${revision.version}`}
                  busy={restoring}
                  onConfirm={() => submit(form.current)}
                />
              ) : (
                // Without JavaScript the form posts as it is: the server still refuses a stale one.
                restoreButton
              )}
            </Form>
          )}
        </Card>
      </div>
    </AdminPage>
  );
}

/**
 * Restore of a deleted item whose address another item has taken since: the owner chooses where it
 * comes back (a free address is proposed), and the form itself is the confirmation.
 */
function RestoreAtAddressForm(props: {
  version: number;
  note: string;
  prefix: string;
  address: string;
  error: string | undefined;
  busy: boolean;
}) {
  return (
    <Form method="post" className="mt-2 grid gap-3">
      <p className="text-sm text-slate-600">{props.note}</p>
      <input type="hidden" name="expectedVersion" value={0} />
      <FormField id="restore-address" label="New address" error={props.error}>
        {(control) => (
          <div className="flex items-center gap-1">
            <span className="shrink-0 text-sm text-slate-600">{props.prefix}</span>
            <Input
              {...control}
              key={props.address}
              name="address"
              defaultValue={props.address}
              autoComplete="off"
              spellCheck={false}
              required
            />
          </div>
        )}
      </FormField>
      <Button type="submit" disabled={props.busy}>
        {props.busy ? "Restoring..." : `Restore version ${props.version} as a draft`}
      </Button>
    </Form>
  );
}
