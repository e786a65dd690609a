// The gate a public lead form passes before anything is kept: its network's rate limit, then the
// spam guard (a sure bot is dropped; one judged on timing alone is let through, held apart).

import type { Logger } from "pino";
import type { Db } from "~/platform/db/tables.server";
import {
  getNetworkRateLimitKey,
  hashClientIp,
  hitRateLimit,
  type RateLimitRule,
} from "~/platform/rate-limit.server";
import { describeWait, type LeadOutcome } from "./outcome.server";
import { findRecentPageFetch } from "./spam/page-fetches.server";
import {
  checkSpamGuard,
  isTimingVerdict,
  type SpamGuardFields,
  type TimingVerdict,
} from "./spam/spam.server";

export type LeadForm = {
  /** The rate limit's key prefix. */
  name: string;
  rateLimit: RateLimitRule;
  minimumFillMs: number;
  /** The refusal over the limit, before "Please try again in ...". */
  tooManyMessage: string;
  /** How the log names a post. */
  logLabel: string;
};

/** Passed (held: the timing verdict that keeps it apart, or null), or the answer to give instead. */
export type LeadGateResult =
  | { kind: "passed"; held: TimingVerdict | null }
  | Extract<LeadOutcome, { kind: "rate-limited" | "dropped" }>;

export async function passLeadGate(
  { db, logger }: { db: Db; logger: Logger },
  form: LeadForm,
  fields: SpamGuardFields,
  sender: { clientIp: string; formShownCookie?: string },
  now: Date,
): Promise<LeadGateResult> {
  const limit = await hitRateLimit(
    db,
    getNetworkRateLimitKey(form.name, sender.clientIp),
    form.rateLimit,
    now.getTime(),
  );
  if (!limit.allowed) {
    const wait = describeWait(limit.retryAfterSeconds);
    return {
      kind: "rate-limited",
      retryAfterSeconds: limit.retryAfterSeconds,
      message: `${form.tooManyMessage}. Please try again in ${wait}.`,
    };
  }
  const verdict = await checkSpamGuard(
    db,
    { ...fields, shownCookie: sender.formShownCookie },
    form.minimumFillMs,
    now.getTime(),
    () => findRecentPageFetch(sender.clientIp, now.getTime()),
  );
  if (verdict === "person") return { kind: "passed", held: null };
  if (isTimingVerdict(verdict)) return { kind: "passed", held: verdict };
  logger.info(
    { verdict, ipHash: hashClientIp(sender.clientIp) },
    `${form.logLabel} dropped as spam`,
  );
  return { kind: "dropped", verdict };
}
