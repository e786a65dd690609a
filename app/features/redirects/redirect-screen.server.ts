// What the redirects screen shows and takes: its data in one read (this process's counts written
// first, so the numbers are current), and its posts (save, delete, import, restore, and removing
// an automatic redirect).
import type { RouterContextProvider } from "react-router";
import { getAdmin } from "~/capabilities/workspace/gate.server";
import { getActor } from "~/platform/activity/activity.server";
import { getAppContext } from "~/platform/context.server";
import { ApiError } from "~/platform/http/api.server";
import { handleSubmission, type SubmissionArgs } from "~/platform/http/submission.server";
import { foldForSearch } from "~/platform/search-text";
import { z } from "~/platform/zod";
import { flushMissingAddresses, listMissingAddresses } from "./missing-addresses.server";
import { readOwnHosts, redirectRuleSchema } from "./redirect-address";
import { listRuleChanges, restoreRuleChange } from "./redirect-changes.server";
import { readRedirectCsv } from "./redirect-csv";
import { flushRedirectHits } from "./redirect-hits.server";
import {
  deleteAutomaticRedirect,
  deleteRule,
  describeReplaced,
  importRules,
  listAutomaticRedirects,
  listRules,
  loadRulesById,
  loadRulesFor,
  type RuleWriter,
  saveRule,
  testAddress,
  toLivePages,
} from "./redirect-rules.server";
import { livePathsContext, pageProbeContext } from "./redirect-serving.server";

export type RedirectAnswer = {
  message: string;
  imported?: number;
  lineErrors?: Array<{ line: number; message: string }>;
  /** Lines left out beyond those listed: the answer names the first ones only. */
  moreErrors?: number;
  /** The imported lines that replace an automatic redirect. */
  lineNotes?: Array<{ line: number; message: string }>;
};

const deleteSchema = z.object({ id: z.coerce.number().int().positive() });
const deleteAutomaticSchema = z.object({
  kind: z.string().trim().min(1, "Choose a redirect to remove").max(40),
  oldId: z.string().trim().min(1, "Choose a redirect to remove").max(300),
});
const restoreSchema = z.object({
  change: z.coerce.number({ message: "Choose a change to restore" }).int().positive(),
});
const importSchema = z.object({
  csv: z.string().trim().min(1, "Choose a CSV file, or paste its lines"),
});

/** Refused lines an import's answer lists; the rest are counted. */
const listedLineErrors = 200;

/** Rules, and missing addresses, a page shows. */
export const screenPageSize = 50;
/** The 404 log's rows a page: fewer, each row carries its own add-a-redirect form. */
export const missingPageSize = 25;

/** Far past any list's end, and small enough that its offset stays an integer the databases take. */
const maxScreenPage = 1_000_000;

/** A page number from the address: 1 when absent or not a number, at most maxScreenPage. */
function readPage(url: URL, name: string): number {
  const page = Number(url.searchParams.get(name));
  return Number.isInteger(page) && page > 1 ? Math.min(page, maxScreenPage) : 1;
}

export async function loadRedirectScreen(context: Readonly<RouterContextProvider>, url: URL) {
  getAdmin(context);
  const { db, reportsDb, logger } = getAppContext(context);
  await Promise.all([
    flushRedirectHits(db).catch((error) => logger.warn({ err: error }, "Hits not written")),
    flushMissingAddresses(db).catch((error) => logger.warn({ err: error }, "Misses not written")),
  ]);
  const search = url.searchParams.get("q")?.trim().slice(0, 200) ?? "";
  const missingSearch = url.searchParams.get("missing")?.trim().slice(0, 200) ?? "";
  const page = readPage(url, "page");
  const missingPage = readPage(url, "missingPage");
  const editId = Number(url.searchParams.get("edit"));
  const [rules, automatic, missing, changes, [editing]] = await Promise.all([
    // The long lists through the heavy-read handle: paging 300,000 log rows or 15,000 rules sorts
    // for hundreds of milliseconds, which on SQLite's own connection would hold every request.
    listRules(reportsDb, { search, limit: screenPageSize, offset: (page - 1) * screenPageSize }),
    listAutomaticRedirects(db),
    listMissingAddresses(reportsDb, {
      search: missingSearch,
      limit: missingPageSize,
      offset: (missingPage - 1) * missingPageSize,
    }),
    listRuleChanges(reportsDb),
    Number.isInteger(editId) && editId > 0 ? loadRulesById(db, [editId]) : [],
  ]);
  const words = foldForSearch(search).split(/\s+/).filter(Boolean);
  // The automatic redirects are few (one per rename): listed whole on the first page.
  const shownAutomatic = automatic.filter((entry) =>
    words.every((word) => foldForSearch(`${entry.source} ${entry.target}`).includes(word)),
  );
  const answering = await loadRulesFor(db, [
    ...shownAutomatic.map((entry) => entry.source),
    ...missing.entries.map((entry) => entry.path),
  ]);
  // A rule for an automatic redirect's address answers first: the automatic one waits.
  const listed = shownAutomatic.map((entry) => ({
    ...entry,
    replacedBy: answering.find(entry.source)?.source,
  }));
  const tested = url.searchParams.get("test")?.trim();
  let verdict: Awaited<ReturnType<typeof testAddress>> | { error: string } | undefined;
  if (tested) {
    try {
      verdict = await testAddress(db, tested, context.get(pageProbeContext));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      verdict = { error: error.message };
    }
  }
  return {
    rules: rules.rows,
    rulePages: {
      search,
      page,
      pageCount: Math.max(1, Math.ceil(rules.total / screenPageSize)),
      total: rules.total,
    },
    automatic: page === 1 ? listed : [],
    automaticCount: listed.length,
    // A missing address a rule now answers is dealt with.
    missing: missing.entries.filter((entry) => !answering.find(entry.path)),
    missingPages: {
      search: missingSearch,
      page: missingPage,
      pageCount: Math.max(1, Math.ceil(missing.total / missingPageSize)),
      total: missing.total,
    },
    changes,
    tested: tested ?? "",
    verdict,
    editing,
    prefill: url.searchParams.get("source") ?? "",
  };
}

type Accepted = { body: RedirectAnswer };

/** The screen's posts, by `?intent=`: save (add or edit), delete, import, restore, and removing
 * an automatic redirect (delete-automatic). */
export async function submitRedirectScreen(args: SubmissionArgs) {
  const admin = getAdmin(args.context);
  const intent = new URL(args.request.url).searchParams.get("intent") ?? "save";
  const { config } = getAppContext(args.context);
  // The site's own addresses: SITE_URL's and the one the owner reached the screen by.
  const ownHosts = readOwnHosts([config.SITE_URL, args.request.url]);
  const writer = async (clientIp: string): Promise<RuleWriter> => ({
    actor: getActor(admin, clientIp),
    livePages: toLivePages(await args.context.get(livePathsContext)()),
    ownHosts,
  });
  const answer =
    intent === "restore"
      ? await handleSubmission<{ change: number }, RedirectAnswer>(args, {
          schema: restoreSchema,
          async accept(input, app): Promise<Accepted> {
            const message = await restoreRuleChange(
              app.db,
              input.change,
              await writer(app.clientIp),
            );
            return { body: { message } };
          },
        })
      : intent === "delete"
        ? await handleSubmission<{ id: number }, RedirectAnswer>(args, {
            schema: deleteSchema,
            async accept(input, app): Promise<Accepted> {
              const rule = await deleteRule(app.db, input.id, getActor(admin, app.clientIp));
              return { body: { message: `The redirect from ${rule.source} was deleted.` } };
            },
          })
        : intent === "delete-automatic"
          ? await handleSubmission<{ kind: string; oldId: string }, RedirectAnswer>(args, {
              schema: deleteAutomaticSchema,
              async accept(input, app): Promise<Accepted> {
                const removed = await deleteAutomaticRedirect(
                  app.db,
                  input,
                  getActor(admin, app.clientIp),
                );
                return {
                  body: {
                    message: `The automatic redirect from ${removed.source} was removed: that address now finds no page.`,
                  },
                };
              },
            })
          : intent === "import"
            ? await handleSubmission<{ csv: string }, RedirectAnswer>(args, {
                schema: importSchema,
                maxBytes: 1024 * 1024,
                async accept(input, app): Promise<Accepted> {
                  const reading = readRedirectCsv(input.csv);
                  const report = await importRules(app.db, reading.lines, {
                    ...(await writer(app.clientIp)),
                    errors: reading.errors,
                  });
                  const refused = report.errors.length;
                  const replaced = report.replaced.length;
                  return {
                    body: {
                      message: `${report.imported} redirect${report.imported === 1 ? "" : "s"} imported${refused ? `; ${refused} line${refused === 1 ? "" : "s"} left out` : ""}.${replaced ? ` ${replaced} replace${replaced === 1 ? "s an automatic redirect" : " automatic redirects"}.` : ""}`,
                      imported: report.imported,
                      lineErrors: report.errors.slice(0, listedLineErrors),
                      moreErrors: Math.max(0, refused - listedLineErrors),
                      lineNotes: report.replaced,
                    },
                  };
                },
              })
            : await handleSubmission(args, {
                schema: redirectRuleSchema,
                echo: (fields) => ({
                  source: fields.source,
                  match: fields.match,
                  target: fields.target,
                  status: fields.status,
                  id: fields.id,
                  dropQuery: fields.dropQuery,
                }),
                async accept(input, app): Promise<Accepted> {
                  const { rule, replaced } = await saveRule(
                    app.db,
                    input,
                    await writer(app.clientIp),
                  );
                  const note = describeReplaced(replaced);
                  return {
                    body: {
                      message: `${input.id ? "Saved" : "Added"}: ${rule.source} now answers ${rule.status}${rule.target ? ` to ${rule.target}` : ""}.${note ? ` ${note}` : ""}`,
                    },
                  };
                },
              });
  if (!(answer instanceof Response)) answer.data.form = intent;
  return answer;
}
