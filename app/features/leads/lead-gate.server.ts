// The way a public lead form (the contact form, the newsletter field) keeps a post: its network's
// rate limit, then the spam guard (a sure bot is dropped; one judged on timing alone is kept,
// held apart), then the form's own write; a write that fails is answered "try again later".

import type { AppServices } from "~/platform/context.server";
import { logDatabaseError } from "~/platform/db/unavailable.server";
import {
  getNetworkRateLimitKey,
  hashClientIp,
  hitRateLimit,
  type RateLimitRule,
} from "~/platform/rate-limit.server";
import type { VisitAttribution } from "~/platform/visits/visit-recorder.server";
import { describeWait, type LeadOutcome, LeadsUnavailableError } from "./outcome.server";
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
  /** At most longestMinimumFillMs (spam.server.ts), as long as page fetches are remembered. */
  minimumFillMs: number;
  /** The refusal over the limit, before "Please try again in ...". */
  tooManyMessage: string;
  /** How the log names a post. */
  logLabel: string;
  /** What the visitor is told when the post cannot be stored. */
  unavailableMessage: string;
  /** What the log says then. */
  storeErrorMessage: string;
};

/** Who sent a lead, read off its request (sender.server.ts). */
export type SenderInfo = {
  clientIp: string;
  userAgent: string | null;
  /** The spam guard's form-shown cookie, when the browser sent one. */
  formShownCookie?: string;
  /** The visit that brought the sender, when it was counted. */
  attribution?: VisitAttribution | null;
};

/** Passed (held: the timing verdict that keeps it apart, or null), or the answer to give instead. */
type LeadGateResult =
  | { kind: "passed"; held: TimingVerdict | null }
  | Extract<LeadOutcome, { kind: "rate-limited" | "dropped" }>;

async function passLeadGate(
  { db, logger }: Pick<AppServices, "db" | "logger">,
  form: Pick<LeadForm, "name" | "rateLimit" | "minimumFillMs" | "tooManyMessage" | "logLabel">,
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

/**
 * Takes one lead through the gate and, past it, has `store` write it (`held`: the timing verdict
 * that keeps it apart, or null; `ipHash`: the sender's, as stored). The sender is told it worked
 * whether it was kept or held, and a bot the same; a failed write throws LeadsUnavailableError.
 */
export async function receiveLead(
  services: Pick<AppServices, "db" | "logger">,
  form: LeadForm,
  fields: SpamGuardFields,
  sender: SenderInfo,
  now: Date,
  store: (held: TimingVerdict | null, ipHash: string) => Promise<void>,
): Promise<LeadOutcome> {
  const ipHash = hashClientIp(sender.clientIp);
  let held: TimingVerdict | null = null;
  try {
    const gate = await passLeadGate(services, form, fields, sender, now);
    if (gate.kind !== "passed") return gate;
    held = gate.held;
    await store(held, ipHash);
  } catch (error) {
    logDatabaseError(services.logger, error, form.storeErrorMessage);
    throw new LeadsUnavailableError(form.unavailableMessage, { cause: error });
  }
  if (held) {
    services.logger.info({ verdict: held, ipHash }, `${form.logLabel} kept as possible spam`);
    return { kind: "held", verdict: held };
  }
  return { kind: "accepted" };
}
