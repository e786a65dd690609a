// How far V8 lets the serving process's heap grow, so a flood of sockets cannot leave it hundreds
// of MB larger: the sockets' native memory waits for a full collection, and V8 doubles its young
// generation while connections churn (docs/decisions/068).
import { setFlagsFromString } from "node:v8";

/**
 * The old generation may grow by a fifth of what was live before the next full collection (V8
 * picks up to four times by itself): under cached pages about one 10 ms collection each 25,000
 * requests, under a flood often enough to free the sockets' native memory as it goes.
 */
export const heapGrowingPercent = 20;

/**
 * The young generation keeps the size it starts with (16 MB a semi-space), as Node's default was
 * before it let V8 double it up to 64 MB: a flood touched every page of that and kept them.
 */
const youngGrowthFactor = 1;

/** Sets both bounds; V8 reads them each time it sizes a generation, so at start is enough. */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  setFlagsFromString(`--semi-space-growth-factor=${youngGrowthFactor}`);
}
