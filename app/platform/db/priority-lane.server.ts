// The database's priority lane: work run through runWithDatabasePriority (health checks, a signed-in
// admin's requests) takes its PostgreSQL connections from a small pool of its own, so a burst of
// visitors' renders queued for the main pool never makes /readyz fail or an admin's save time out.
import { AsyncLocalStorage } from "node:async_hooks";

const lane = new AsyncLocalStorage<true>();

/** Runs `work`, and everything it starts, in the priority lane. */
export function runWithDatabasePriority<T>(work: () => T): T {
  return lane.run(true, work);
}

/** True inside runWithDatabasePriority. */
export function isDatabasePriority(): boolean {
  return lane.getStore() === true;
}
