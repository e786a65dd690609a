// `npm run admin -- ...`: create admins and reset passwords in the configured database.
import { loadServerBundle } from "./setup.ts";

const site = await loadServerBundle();
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
