// zod as every schema of the app uses it, configured once: no generated parsers. zod probes
// new Function("") for them, which the strict CSP blocks and reports as a violation on every screen
// that validates in the browser, whichever schema module its chunk happens to load first.
import { z } from "zod";

z.config({ jitless: true });

export { z };

/** The one wording of a too-long text, whichever schema refuses it. */
export const tooLongMessage = (max: number) => `Must be at most ${max} characters`;
