// `npm run admin -- ...`: create admins and reset passwords from the command line.
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { createAdmin, resetAdminPassword } from "./admins.server";
import type { Db } from "./db/tables.server";
import { generatePassword } from "./passwords.server";

export const adminUsage = `Usage:
  npm run admin -- create EMAIL [--password PASSWORD]
  npm run admin -- reset-password EMAIL [--password PASSWORD]
  npm run admin -- list
Without --password a strong password is generated and printed once.`;

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
    const admins = await db
      .selectFrom("admins")
      .select(["email", "created_at"])
      .orderBy("email")
      .execute();
    for (const admin of admins) print(`${admin.email}  (created ${admin.created_at})`);
    if (admins.length === 0) print("No admin accounts.");
    return 0;
  }
  if ((command !== "create" && command !== "reset-password") || !email) {
    print(adminUsage);
    return 2;
  }
  const password = parsed.values.password ?? generatePassword();
  try {
    const done =
      command === "create"
        ? await createAdmin(db, { email, password })
        : await resetAdminPassword(db, { email, password });
    if (!done) {
      print(
        command === "create"
          ? `An admin with the email ${email} already exists.`
          : `No admin has the email ${email}.`,
      );
      return 1;
    }
  } catch (error) {
    if (error instanceof ZodError) {
      print(error.issues.map((issue) => issue.message).join("\n"));
      return 2;
    }
    throw error;
  }
  print(command === "create" ? `Admin ${email} created.` : `Password of ${email} reset.`);
  if (!parsed.values.password) print(`Password: ${password}`);
  return 0;
}
