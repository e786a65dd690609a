// Password hashing with argon2id from node:crypto at OWASP's parameters (19 MiB, 2 passes, 1 lane),
// stored as a PHC string so the parameters can be raised later without breaking old hashes.
import { argon2, randomBytes, timingSafeEqual } from "node:crypto";

const defaults = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 };

function derive(
  password: string,
  nonce: Buffer,
  params: { memory: number; passes: number; parallelism: number; tagLength: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2("argon2id", { message: password, nonce, ...params }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, defaults);
  const { memory, passes, parallelism } = defaults;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

const phc = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/;

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const match = phc.exec(hash);
  if (!match) return false;
  const [, memory, passes, parallelism, salt = "", expectedText = ""] = match;
  const expected = Buffer.from(expectedText, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), {
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expected.length,
  });
  return timingSafeEqual(actual, expected);
}

/** A hash of a random password: verifying against it costs the same as against a real one. */
export const dummyPasswordHash = hashPassword(randomBytes(16).toString("hex"));

export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}
