// `npm run admin -- ...`: create admins and reset passwords in the configured database.
import { loadServerBundle } from "./setup.ts";

const site = await loadServerBundle();
try {
  // The admin command must not print the first-start password banner of an empty database twice.
  const services = await site.bootServices({
    ...process.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  });
  const code = await site.runAdminCommand(services.db, process.argv.slice(2), (line) =>
    console.log(line),
  );
  await services.db.destroy();
  process.exit(code);
} catch (error) {
  // A setting, the database or a folder it cannot write: one line, no stack trace.
  const fault = site.describeOperatorFault(error);
  if (!fault) throw error;
  console.error(fault);
  process.exit(1);
}
