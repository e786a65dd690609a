// How far V8 lets the old generation grow past what a full collection left live, for the serving
// process. Sockets a flood opens and closes keep native memory until such a collection runs.
import { setFlagsFromString } from "node:v8";

/**
 * The old generation may grow by half of what was live before the next full collection (V8 picks
 * up to four times by itself). A flood of refused 14 KB request heads then costs the process about
 * 25-45 MB instead of 150-225 MB, kept after it ends; cached pages run about one more 30-45 ms
 * collection per 100,000 requests (docs/decisions/068).
 */
export const heapGrowingPercent = 50;

/** Sets the bound; V8 reads the flag at every full collection, so setting it at start suffices. */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
}
