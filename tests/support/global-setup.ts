// Vitest's one-time setup: the integration tests load the production build, so it is made here
// when missing or stale (npm test has made it already), once, before any test file starts.
import { ensureBuiltForTests } from "../../scripts/setup.ts";

export default function setup(): void {
  ensureBuiltForTests();
}
