// What became of a contact message or a subscription, shared by the JSON API and the form pages.
import type { SpamVerdict, TimingVerdict } from "./spam/spam.server";

export type LeadOutcome =
  | { kind: "accepted" }
  /** Maybe a bot, maybe a person: kept apart as possible spam (no mail), told it worked. */
  | { kind: "held"; verdict: TimingVerdict }
  /** A bot beyond doubt: told it worked, nothing kept. */
  | { kind: "dropped"; verdict: Exclude<SpamVerdict, "person" | TimingVerdict> }
  | { kind: "rate-limited"; retryAfterSeconds: number; message: string };

/** The database could not be written: the visitor is asked to try again, nothing is claimed. */
export class LeadsUnavailableError extends Error {
  override name = "LeadsUnavailableError";
}

export function describeWait(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
