// `npm run backup | restore | export | import` as the server bundle offers them: the platform's
// data commands, given the media feature's import of an older archive's uploads folder,
// which the platform layer may not reach itself.
import { importExistingUploads } from "~/capabilities/media/image-records.server";
import { runDataCommand as runPlatformDataCommand } from "~/platform/db/backup/data-commands.server";

/** Runs one data command; returns the exit code. */
export function runDataCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  print: (line: string) => void,
): Promise<number> {
  return runPlatformDataCommand(argv, env, print, {
    importUploads: (db, folder) => importExistingUploads(db, folder),
  });
}
