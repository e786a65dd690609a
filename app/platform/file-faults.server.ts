// One clear line for a file or folder the process cannot make or write (read-only, not ours,
// full), for the operator's commands and the server's start, instead of a stack trace.
import { ConfigError } from "~/platform/config.server";
import { DatabaseSetupError } from "~/platform/db/database.server";
import { DatabaseTooNewError } from "~/platform/db/migrate.server";

const reasons: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  ENOTDIR: "part of the path is a file, not a folder",
  EISDIR: "it is a folder",
};

/**
 * What went wrong, in one line naming the path, or undefined when the error is not such a fault
 * (a folder that cannot be made shows up as ENOENT on a read-only mount).
 */
export function describeFileFault(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code = "", path, syscall } = error as NodeJS.ErrnoException;
  const reason =
    reasons[code] ?? (code === "ENOENT" && syscall === "mkdir" ? "it cannot be made here" : "");
  if (!path || !reason) return undefined;
  const action = syscall === "mkdir" ? "create the folder" : syscall === "open" ? "open" : "write";
  return `Cannot ${action} ${path}: ${reason} (${code})`;
}

/**
 * A fault the operator fixes (a setting, the database's set-up, a folder): its message for a
 * command to print instead of a stack trace; undefined for anything else.
 */
export function describeOperatorFault(error: unknown): string | undefined {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseSetupError ||
    error instanceof DatabaseTooNewError
  ) {
    return error.message;
  }
  return describeFileFault(error);
}
