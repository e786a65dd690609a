// Password hashing with argon2id from node:crypto at OWASP's parameters (19 MiB, 2 passes, 1 lane),
// stored as a PHC string so the parameters can be raised later without breaking old hashes.
import { argon2, randomBytes, timingSafeEqual } from "node:crypto";

type HashParams = { memory: number; passes: number; parallelism: number; tagLength: number };

const defaults: HashParams = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 };

/**
 * argon2 runs on libuv's thread pool (4 threads), which also does gzip and file reads: a login
 * flood that fills it stalls every page. So one check runs at a time (about 50 ms each: 20 sign-ins
 * a second, plenty for a firm's admins), a few more
 * wait briefly, and anything beyond is refused at once (the caller answers 503 + Retry-After).
 */
export const passwordCheckLimits = { inFlight: 1, queued: 6, waitMs: 2_000 };

/** Too many password checks are running or waiting: try again in a moment. */
export class PasswordCheckBusyError extends Error {
  override name = "PasswordCheckBusyError";
}

let running = 0;
const waiting: Array<() => void> = [];

async function acquireSlot(): Promise<void> {
  if (running < passwordCheckLimits.inFlight) {
    running++;
    return;
  }
  if (waiting.length >= passwordCheckLimits.queued) {
    throw new PasswordCheckBusyError("Too many password checks at once");
  }
  await new Promise<void>((resolve, reject) => {
    const grant = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(grant), 1);
      reject(new PasswordCheckBusyError("Waited too long for a password check"));
    }, passwordCheckLimits.waitMs);
    waiting.push(grant);
  });
}

function releaseSlot(): void {
  const next = waiting.shift();
  // The slot passes straight to the next waiter, so `running` stays the same.
  if (next) next();
  else running--;
}

async function derive(password: string, nonce: Buffer, params: HashParams): Promise<Buffer> {
  await acquireSlot();
  try {
    return await new Promise((resolve, reject) => {
      argon2("argon2id", { message: password, nonce, ...params }, (error, key) =>
        error ? reject(error) : resolve(key),
      );
    });
  } finally {
    releaseSlot();
  }
}

/** The stored form of a hash (PHC): its parameters travel with it, so verifying reads them back. */
export function formatPasswordHash(params: HashParams, salt: Buffer, key: Buffer): string {
  const { memory, passes, parallelism } = params;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return formatPasswordHash(defaults, salt, await derive(password, salt, defaults));
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
