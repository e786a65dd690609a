// The redirects screen: the tester, the add/edit form, the CSV import, every redirect with its
// hits (the automatic ones marked and removable) and the CSV export, the missing addresses (each
// with "Redirect it") and the latest rule changes to restore.
import { useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import { Notice } from "~/capabilities/workspace/shell/notice";
import { Pager } from "~/capabilities/workspace/shell/pager";
import { formatTime } from "~/platform/format-time";
import type { FormResult } from "~/platform/http/form-result";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { FormField } from "~/ui/forms/form-field";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { Input } from "~/ui/input";
import { NativeSelect } from "~/ui/native-select";
import { SearchInput } from "~/ui/search-input";
import { Textarea } from "~/ui/textarea";
import { redirectStatuses, statusLabels } from "../redirect-address";
import type { loadRedirectScreen, RedirectAnswer } from "../redirect-screen.server";

type ScreenData = Awaited<ReturnType<typeof loadRedirectScreen>> & { timeZone: string };

function Heading({ children }: { children: string }) {
  return <h2 className="text-lg font-semibold leading-tight">{children}</h2>;
}

function Tester({ data }: { data: ScreenData }) {
  const { verdict } = data;
  return (
    <Card>
      <CardHeader>
        <Heading>Where does this address go?</Heading>
        <CardDescription>
          Type an address of the site, old or new, to see what it answers.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <FormField
            id="test-address"
            label="Address"
            className="grow"
            error={verdict && "error" in verdict ? verdict.error : undefined}
          >
            {(control) => (
              <Input
                {...control}
                name="test"
                defaultValue={data.tested}
                placeholder="/2019/05/our-cloud-offer/"
              />
            )}
          </FormField>
          <Button type="submit" variant="outline">
            Test
          </Button>
        </Form>
        {verdict && !("error" in verdict) ? (
          <output className="block rounded-md border bg-slate-50 p-3 text-sm" aria-live="polite">
            <span className="font-mono break-all">{verdict.address}</span> answers{" "}
            <strong>{verdict.status}</strong>
            {verdict.location ? (
              <>
                {" "}
                to <span className="font-mono break-all">{verdict.location}</span>
              </>
            ) : null}
            . <span className="text-slate-600">{verdict.because}.</span>
          </output>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RuleForm({
  data,
  result,
}: {
  data: ScreenData;
  result: FormResult<RedirectAnswer> | undefined;
}) {
  const failed = result?.form === "save" && result.status === "failed" ? result : undefined;
  const editing = data.editing;
  const values = failed?.values ?? {};
  const [status, setStatus] = useState(values.status ?? String(editing?.status ?? 301));
  const formKey = `${editing?.id ?? "new"}-${data.prefill}-${result?.form === "save" && result.status === "done" ? "done" : ""}`;
  return (
    <Card id="rule-form">
      <CardHeader>
        <Heading>{editing ? "Edit redirect" : "Add a redirect"}</Heading>
        <CardDescription>
          An old address of this site, and where it goes now: a path of the site or another site's
          address. A prefix sends every address under it. 410 tells visitors and search engines the
          page is gone for good.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action="?intent=save" className="grid gap-4" key={formKey}>
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
            <FormField id="rule-source" label="Old address" error={failed?.errors.source}>
              {(control) => (
                <Input
                  {...control}
                  name="source"
                  required
                  defaultValue={values.source ?? editing?.source ?? data.prefill}
                  placeholder="/old-page or /?page_id=42"
                />
              )}
            </FormField>
            <FormField id="rule-match" label="Match">
              {(control) => (
                <NativeSelect
                  {...control}
                  name="match"
                  defaultValue={values.match ?? editing?.match ?? "exact"}
                >
                  <option value="exact">This address</option>
                  <option value="prefix">This address and all under it</option>
                </NativeSelect>
              )}
            </FormField>
          </div>
          <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
            <FormField
              id="rule-target"
              label="Goes to"
              optional={status === "410"}
              error={failed?.errors.target}
            >
              {(control) => (
                <Input
                  {...control}
                  name="target"
                  defaultValue={values.target ?? editing?.target ?? ""}
                  placeholder="/services or https://example.com/page"
                  disabled={status === "410"}
                />
              )}
            </FormField>
            <FormField id="rule-status" label="Answer">
              {(control) => (
                <NativeSelect
                  {...control}
                  name="status"
                  value={status}
                  onChange={(event) => setStatus(event.target.value)}
                >
                  {redirectStatuses.map((code) => (
                    <option key={code} value={code}>
                      {statusLabels[code]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          {status === "410" ? null : (
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="dropQuery"
                value="on"
                defaultChecked={failed ? values.dropQuery === "on" : (editing?.dropQuery ?? false)}
                className="mt-0.5 size-4 accent-primary"
              />
              <span>
                <span className="font-medium">Leave the query string off</span>
                <span className="block text-muted-foreground">
                  Unticked, the part after ? (campaign tags such as ?utm_source=news) is passed on
                  to the target, so Insights still sees the campaign.
                </span>
              </span>
            </label>
          )}
          {failed?.errors.confirmShadow ? (
            <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <p id="shadow-warning">{failed.errors.confirmShadow}</p>
              <label className="mt-2 flex items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  name="confirmShadow"
                  value="on"
                  aria-describedby="shadow-warning"
                />
                Hide the page
              </label>
            </div>
          ) : null}
          {failed &&
          !failed.errors.source &&
          !failed.errors.target &&
          !failed.errors.confirmShadow ? (
            <p className="text-sm font-medium text-destructive" role="alert">
              {failed.message}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit">{editing ? "Save redirect" : "Add redirect"}</Button>
            {editing ? (
              <Button asChild variant="outline">
                <Link to="/admin/redirects">Cancel</Link>
              </Button>
            ) : null}
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function ImportCard({ result }: { result: FormResult<RedirectAnswer> | undefined }) {
  const answer = result?.form === "import" ? result : undefined;
  const [csv, setCsv] = useState("");
  const navigation = useNavigation();
  const importing =
    navigation.state === "submitting" && navigation.formAction?.includes("intent=import");
  const lineCount = csv.split("\n").filter((line) => line.trim()).length;
  return (
    <Card>
      <CardHeader>
        <Heading>Import from a CSV file</Heading>
        <CardDescription>
          A file exported from another site, or this one's export: columns such as source, target,
          status (or from, to, type), and optionally match (exact or prefix) and query (keep or
          drop). Each line is checked against your rules and the lines added before it; lines that
          cannot be added are listed and left out, the rest are added as one change you can restore.
          Thousands of lines take a few seconds; the site keeps answering meanwhile.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action="?intent=import" className="grid gap-4">
          <div>
            <label htmlFor="csv-file" className="text-sm font-medium text-slate-800">
              CSV file
            </label>
            <input
              id="csv-file"
              type="file"
              accept=".csv,text/csv,text/plain"
              className="mt-1.5 block w-full text-sm file:mr-3 file:rounded-md file:border file:bg-white file:px-3 file:py-1.5 file:text-sm"
              onChange={async (event) => setCsv((await event.target.files?.[0]?.text()) ?? "")}
            />
          </div>
          <FormField
            id="csv-text"
            label="Or paste its lines"
            error={answer?.status === "failed" ? answer.message : undefined}
          >
            {(control) => (
              <Textarea
                {...control}
                name="csv"
                rows={4}
                value={csv}
                onChange={(event) => setCsv(event.target.value)}
                placeholder={"source,target,status\n/old-page,/services,301"}
                className="font-mono text-sm"
              />
            )}
          </FormField>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="outline" disabled={importing}>
              {importing ? "Importing…" : "Import"}
            </Button>
            <span role="status" className="text-sm text-slate-600">
              {importing
                ? `Checking and adding ${lineCount.toLocaleString("en")} line${lineCount === 1 ? "" : "s"}: the answer lists what was left out.`
                : ""}
            </span>
          </div>
        </Form>
        {answer?.status === "done" && answer.body.lineNotes?.length ? (
          <div className="mt-4 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
            <p className="font-medium">Automatic redirects replaced</p>
            <ul className="mt-1 list-disc space-y-1 pl-5" aria-label="Automatic redirects replaced">
              {answer.body.lineNotes.map((note) => (
                <li key={`${note.line}-${note.message}`}>{`Line ${note.line}: ${note.message}`}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {answer?.status === "done" && answer.body.lineErrors?.length ? (
          <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <p className="font-medium">Lines left out</p>
            <ul className="mt-1 list-disc space-y-1 pl-5" aria-label="Lines left out">
              {answer.body.lineErrors.map((error) => (
                <li key={`${error.line}-${error.message}`}>
                  {`Line ${error.line}: ${error.message}`}
                </li>
              ))}
            </ul>
            {answer.body.moreErrors ? (
              <p className="mt-1">{`And ${answer.body.moreErrors} more lines left out.`}</p>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

type Automatic = ScreenData["automatic"][number];

/** A post asked first in a dialog; without JavaScript the button posts at once. */
function ConfirmedPost({
  action,
  fields,
  label,
  buttonText,
  title,
  description,
  confirmLabel,
}: {
  action: string;
  fields: Record<string, string | number>;
  label: string;
  buttonText: string;
  title: string;
  description: string;
  confirmLabel: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const button = (
    <Button type={hydrated ? "button" : "submit"} size="sm" variant="outline" aria-label={label}>
      {buttonText}
    </Button>
  );
  return (
    <Form ref={form} method="post" action={action} className="shrink-0">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated ? (
        <ConfirmDialog
          trigger={button}
          title={title}
          description={description}
          confirmLabel={confirmLabel}
          onConfirm={() => submit(form.current)}
        />
      ) : (
        button
      )}
    </Form>
  );
}

function RemoveAutomaticButton({ entry }: { entry: Automatic }) {
  return (
    <ConfirmedPost
      action="?intent=delete-automatic"
      fields={{ kind: entry.kind, oldId: entry.oldId }}
      label={`Remove the automatic redirect from ${entry.source}`}
      buttonText="Remove"
      title="Remove this automatic redirect?"
      description={`${entry.source} will no longer lead to ${entry.target}: visitors and search engines asking for it find no page, unless a rule of yours sends it somewhere. This cannot be restored.`}
      confirmLabel="Remove"
    />
  );
}

/** A row's buttons, styled by the table (one short class each: a page holds 50 rows). */
function RuleActions({ id, source }: { id: number; source: string }) {
  return (
    <div className="flex justify-end gap-2">
      <Link to={`?edit=${id}#rule-form`} aria-label={`Edit the redirect from ${source}`}>
        Edit
      </Link>
      <Form method="post" action="?intent=delete">
        <input type="hidden" name="id" value={id} />
        <button type="submit" aria-label={`Delete the redirect from ${source}`}>
          Delete
        </button>
      </Form>
    </div>
  );
}

/**
 * The rules table's cells and row buttons, styled once on the table rather than on each of the
 * page's rows: the page's HTML stays small.
 */
const rulesTableClass = [
  "w-full min-w-[52rem] text-left text-sm",
  "[&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_th]:px-3 [&_th]:py-2 [&_th]:align-top",
  "[&_td:nth-child(-n+2)]:font-mono [&_td:nth-child(-n+2)]:break-all",
  "[&_td:nth-child(4)]:text-right [&_td:nth-child(4)]:tabular-nums [&_td:nth-child(n+5)]:whitespace-nowrap [&_td:last-child]:text-right",
  "[&_tbody_tr]:border-b [&_tbody_tr]:border-border [&_tbody_tr:last-child]:border-0",
  "[&_td_:is(a,button)]:inline-flex [&_td_:is(a,button)]:h-9 [&_td_:is(a,button)]:items-center [&_td_:is(a,button)]:rounded-md [&_td_:is(a,button)]:border [&_td_:is(a,button)]:border-input [&_td_:is(a,button)]:bg-background [&_td_:is(a,button)]:px-3 [&_td_:is(a,button)]:font-semibold [&_td_:is(a,button):hover]:bg-muted [&_td_:is(a,button):focus-visible]:outline-2 [&_td_:is(a,button):focus-visible]:outline-offset-2 [&_td_:is(a,button):focus-visible]:outline-ring",
].join(" ");

/** The screen's address with some of its query changed (a search, a page), the rest kept. */
function useScreenHref(data: ScreenData) {
  return (changes: Record<string, string | number>) => {
    const params = new URLSearchParams();
    const kept = {
      q: data.rulePages.search,
      page: data.rulePages.page,
      missing: data.missingPages.search,
      missingPage: data.missingPages.page,
      ...changes,
    };
    for (const [name, value] of Object.entries(kept)) {
      if (value && !(name.endsWith("age") && value === 1)) params.set(name, String(value));
    }
    const query = params.toString();
    return `/admin/redirects${query ? `?${query}` : ""}`;
  };
}

/** A search of one list (GET), keeping the other list's search and page. */
function ListSearch({
  id,
  name,
  label,
  value,
  placeholder,
  keep,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  placeholder: string;
  keep: Record<string, string | number>;
}) {
  return (
    <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      {Object.entries(keep).map(([key, kept]) =>
        kept && kept !== 1 ? <input key={key} type="hidden" name={key} value={kept} /> : null,
      )}
      <div className="grid grow gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <SearchInput id={id} name={name} defaultValue={value} placeholder={placeholder} />
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}

function RulesTable({ data }: { data: ScreenData }) {
  const hrefOf = useScreenHref(data);
  const { rulePages } = data;
  const rows = [
    ...data.rules.map((rule) => ({ ...rule, automatic: undefined })),
    ...data.automatic.map((entry) => ({
      ...entry,
      id: 0,
      match: "exact" as const,
      status: 301 as const,
      dropQuery: false,
      automatic: entry,
    })),
  ];
  return (
    <Card id="all-redirects">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <Heading>{`All redirects (${rulePages.total + data.automaticCount})`}</Heading>
          {rulePages.total > 0 ? (
            <Button asChild size="sm" variant="outline">
              <a href="/admin/redirects/export.csv" download>
                Export as CSV
              </a>
            </Button>
          ) : null}
        </div>
        <CardDescription>
          Yours, and the automatic ones kept when an article, case study, page or service got a new
          address. Both pass the visitor's query string on. Hits are counted as visitors arrive. The
          export holds your rules in the import's format.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ListSearch
          id="rule-search"
          name="q"
          label="Search the redirects"
          value={rulePages.search}
          placeholder="An old address or where it goes"
          keep={{ missing: data.missingPages.search, missingPage: data.missingPages.page }}
        />
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {rulePages.search ? `No redirect holds "${rulePages.search}".` : "No redirects yet."}
          </p>
        ) : (
          // Positioned, so the header's visually hidden text scrolls with the table instead of
          // widening the page on a phone.
          <div className="relative overflow-x-auto">
            <table className={rulesTableClass}>
              <thead className="border-b text-xs uppercase text-slate-600">
                <tr>
                  <th>Old address</th>
                  <th>Goes to</th>
                  <th>Answer</th>
                  <th className="text-right">Hits</th>
                  <th>Last hit</th>
                  <th>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.automatic ? `auto ${row.source}` : row.id}>
                    <td>
                      {row.source}
                      {row.match === "prefix" ? "/*" : ""}
                    </td>
                    <td>{row.target || "—"}</td>
                    <td>
                      {row.status}
                      {row.automatic ? (
                        <Badge variant="secondary" className="ml-2">
                          Automatic
                        </Badge>
                      ) : null}
                      {row.dropQuery ? (
                        <span className="block text-xs text-slate-600">Query left off</span>
                      ) : null}
                      {row.automatic?.replacedBy ? (
                        <span className="block text-xs text-slate-600">
                          Not in use: your rule for {row.automatic.replacedBy} answers first
                        </span>
                      ) : null}
                    </td>
                    <td>{row.hits}</td>
                    <td>{row.lastHitAt ? formatTime(row.lastHitAt, data.timeZone) : "Never"}</td>
                    <td>
                      {row.automatic ? (
                        <div className="flex justify-end">
                          <RemoveAutomaticButton entry={row.automatic} />
                        </div>
                      ) : (
                        <RuleActions id={row.id} source={row.source} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          label="Redirect pages"
          page={rulePages.page}
          pageCount={rulePages.pageCount}
          hrefOf={(page) => `${hrefOf({ page })}#all-redirects`}
          newerText="Previous page"
          olderText="Next page"
          hasOlder={rulePages.page < rulePages.pageCount}
        />
      </CardContent>
    </Card>
  );
}

function MissingTable({ data }: { data: ScreenData }) {
  const hrefOf = useScreenHref(data);
  const { missingPages } = data;
  return (
    <Card id="missing-addresses">
      <CardHeader>
        <Heading>Missing addresses</Heading>
        <CardDescription>
          Addresses people asked for in the last 30 days that found no page, most asked-for first.
          Search engine bots and vulnerability scanners are left out; nothing about the visitor is
          kept.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {missingPages.total > 0 || missingPages.search ? (
          <ListSearch
            id="missing-search"
            name="missing"
            label="Search the missing addresses"
            value={missingPages.search}
            placeholder="Part of an address"
            keep={{ q: data.rulePages.search, page: data.rulePages.page }}
          />
        ) : null}
        {data.missing.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {missingPages.search
              ? `No missing address holds "${missingPages.search}".`
              : "No missing addresses: every visitor found a page."}
          </p>
        ) : (
          <ul className="divide-y" aria-label="Missing addresses">
            {data.missing.map((entry) => (
              <li
                key={entry.path}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              >
                <span className="font-mono break-all">{entry.path}</span>
                <span className="flex items-center gap-3">
                  <span className="tabular-nums text-slate-600">
                    {entry.hits} {entry.hits === 1 ? "visit" : "visits"}, last {entry.lastDay}
                  </span>
                  <Button asChild size="sm" variant="outline">
                    <Link
                      to={`?source=${encodeURIComponent(entry.path)}#rule-form`}
                      aria-label={`Redirect it: ${entry.path}`}
                    >
                      Redirect it
                    </Link>
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
        <Pager
          label="Missing address pages"
          page={missingPages.page}
          pageCount={missingPages.pageCount}
          hrefOf={(page) => `${hrefOf({ missingPage: page })}#missing-addresses`}
          newerText="Previous page"
          olderText="Next page"
          hasOlder={missingPages.page < missingPages.pageCount}
        />
      </CardContent>
    </Card>
  );
}

type Change = ScreenData["changes"][number];

/** What a restore will do, in words, for the confirmation. */
function describeRestore(change: Change): string {
  if (change.action === "import") {
    return "The redirects this import added that are still there will be taken out.";
  }
  if (!change.before) return `The redirect ${change.after} will be taken out.`;
  return `The redirect will be ${change.before} again.`;
}

function RestoreButton({ change }: { change: Change }) {
  return (
    <ConfirmedPost
      action="?intent=restore"
      fields={{ change: change.id }}
      label={`Restore as before: ${change.summary}`}
      buttonText="Restore"
      title="Restore the redirects as they were?"
      description={`${describeRestore(change)} This is saved as a change of its own, so it can be undone in turn.`}
      confirmLabel="Restore"
    />
  );
}

function ChangesList({ data }: { data: ScreenData }) {
  if (data.changes.length === 0) return null;
  return (
    <Card id="changes">
      <CardHeader>
        <Heading>Latest changes</Heading>
        <CardDescription>
          Every change to the rules, with who made it and when. Restore puts the rules back as they
          were before a change.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y text-sm" aria-label="Latest changes">
          {data.changes.map((change) => (
            <li key={change.id} className="flex items-start justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="font-mono break-all">{change.summary}</span>
                {change.action === "edit" && change.before ? (
                  <span className="text-slate-600"> (was {change.before})</span>
                ) : null}
                <span className="block text-xs text-slate-600">
                  {formatTime(change.createdAt, data.timeZone)}
                  {change.author ? ` by ${change.author}` : ""}
                </span>
              </span>
              {change.restorable ? <RestoreButton change={change} /> : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function RedirectsScreen({
  data,
  result,
}: {
  data: ScreenData;
  result: FormResult<RedirectAnswer> | undefined;
}) {
  const done = result?.status === "done" ? result : undefined;
  return (
    <AdminPage
      title="Redirects"
      description="Send old addresses to their new pages, and see which addresses visitors could not find."
    >
      {done ? (
        <Notice tone="success" title="Done">
          {done.body.message}
        </Notice>
      ) : null}
      {result?.status === "failed" && result.form === "delete" ? (
        <Notice tone="warning" title="Not deleted">
          {result.message}
        </Notice>
      ) : null}
      {result?.status === "failed" && result.form === "delete-automatic" ? (
        <Notice tone="warning" title="Not removed">
          {result.message}
        </Notice>
      ) : null}
      {result?.status === "failed" && result.form === "restore" ? (
        <Notice tone="warning" title="Not restored">
          {result.message}
        </Notice>
      ) : null}
      <div className="grid grid-cols-1 gap-6 [&>*]:min-w-0">
        <Tester data={data} />
        <RuleForm data={data} result={result} />
        <MissingTable data={data} />
        <RulesTable data={data} />
        <ImportCard result={result} />
        <ChangesList data={data} />
      </div>
    </AdminPage>
  );
}
