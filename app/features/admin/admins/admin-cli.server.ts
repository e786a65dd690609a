// `npm run admin -- ...`: create, list and delete admins, reset passwords and sign admins out
// everywhere from the command line. Each change is in the activity log, from "command line".
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { resetTwoFactor } from "~/features/admin/two-factor/two-factor.server";
import { commandLineActor } from "~/platform/activity/activity.server";
import type { Db } from "~/platform/db/tables.server";
import {
  createAdmin,
  deleteAdmin,
  findAdminByEmail,
  lastAdminMessage,
  lastOwnerRemoveMessage,
  listAdmins,
  resetAdminPassword,
  revokeAdminSessions,
} from "./admins.server";
import { generatePassword } from "./passwords.server";

export const adminUsage = `Usage:
  npm run admin -- create EMAIL [--password PASSWORD]
  npm run admin -- reset-password EMAIL [--password PASSWORD]   (ends that admin's sessions)
  npm run admin -- revoke-sessions EMAIL                        (signs that admin out everywhere)
  npm run admin -- reset-two-factor EMAIL                       (removes app, codes and passkeys)
  npm run admin -- delete EMAIL                                 (never the last admin)
  npm run admin -- list
Without --password a strong password is generated and printed once.`;

async function runPasswordCommand(
  db: Db,
  command: "create" | "reset-password",
  email: string,
  typed: string | undefined,
  print: (line: string) => void,
): Promise<number> {
  const password = typed ?? generatePassword();
  const done =
    command === "create"
      ? await createAdmin(db, { email, password }, commandLineActor)
      : await resetAdminPassword(db, { email, password }, { actor: commandLineActor });
  if (!done) {
    print(
      command === "create"
        ? `An admin with the email ${email} already exists.`
        : `No admin has the email ${email}.`,
    );
    return 1;
  }
  print(
    command === "create"
      ? `Admin ${email} created.`
      : `Password of ${email} reset; their sessions have ended.`,
  );
  if (!typed) print(`Password: ${password}`);
  return 0;
}

/** Runs one admin command; returns the process exit code. Output goes to print. */
export async function runAdminCommand(
  db: Db,
  argv: string[],
  print: (line: string) => void,
): Promise<number> {
  let parsed: ReturnType<
    typeof parseArgs<{ options: { password: { type: "string" } }; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({
      args: argv,
      options: { password: { type: "string" } },
      allowPositionals: true,
    });
  } catch (error) {
    print(`${error instanceof Error ? error.message : String(error)}\n${adminUsage}`);
    return 2;
  }
  const [command, email] = parsed.positionals;
  if (command === "list") {
    const admins = await listAdmins(db);
    for (const admin of admins) {
      print(`${admin.email}  (created ${admin.createdAt}, ${admin.activeSessions} sessions)`);
    }
    if (admins.length === 0) print("No admin accounts.");
    return 0;
  }
  if (!email) {
    print(adminUsage);
    return 2;
  }
  try {
    switch (command) {
      case "create":
      case "reset-password":
        return await runPasswordCommand(db, command, email, parsed.values.password, print);
      case "revoke-sessions": {
        const ended = await revokeAdminSessions(db, email, commandLineActor);
        if (ended === undefined) {
          print(`No admin has the email ${email}.`);
          return 1;
        }
        print(`${ended} session(s) of ${email} ended.`);
        return 0;
      }
      // An admin who lost their phone and recovery codes signs in with the password alone.
      case "reset-two-factor": {
        const admin = await findAdminByEmail(db, email);
        if (!admin) {
          print(`No admin has the email ${email}.`);
          return 1;
        }
        await resetTwoFactor(db, admin, commandLineActor);
        print(`Two-factor of ${email} removed; their sessions have ended.`);
        return 0;
      }
      case "delete": {
        const result = await deleteAdmin(db, email, commandLineActor);
        if (result === "not-found") print(`No admin has the email ${email}.`);
        else if (result === "last-admin") print(lastAdminMessage);
        else if (result === "last-owner") print(lastOwnerRemoveMessage);
        else print(`Admin ${email} deleted.`);
        return result === "deleted" ? 0 : 1;
      }
      default:
        print(adminUsage);
        return 2;
    }
  } catch (error) {
    if (error instanceof ZodError) {
      print(error.issues.map((issue) => issue.message).join("\n"));
      return 2;
    }
    throw error;
  }
}
