// `npm run backup | restore | export | import`: move the site's data in and out of the configured
// database (DATABASE_URL; uploaded images are in it), through the built server bundle like `npm run admin`.
import { loadServerBundle } from "./setup.ts";

const site = await loadServerBundle();
try {
  const code = await site.runDataCommand(process.argv.slice(2), process.env, (line) =>
    console.log(line),
  );
  process.exit(code);
} catch (error) {
  // A setting, the database or a folder it cannot write: one line, no stack trace.
  const fault = site.describeOperatorFault(error);
  if (!fault) throw error;
  console.error(`${process.argv[2]} failed: ${fault}`);
  process.exit(1);
}
