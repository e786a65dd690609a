// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 30-second steps,
// 6 digits, what every authenticator app reads from an otpauth:// QR code. Small enough to own.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const totpStepSeconds = 30;
export const totpDigits = 6;
/** Steps either side of now a code is still taken for: a phone clock a little off still works. */
export const totpDriftSteps = 1;

const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding: the form authenticator apps take a secret in. */
export function encodeBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += base32Alphabet[(value << (5 - bits)) & 31];
  return text;
}

/** Reads base32 as typed: case, spaces and padding do not matter. */
export function decodeBase32(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char);
    if (index === -1) throw new Error("Not a base32 secret");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new 160-bit secret (RFC 4226's recommended length), base32. */
export function generateTotpSecret(): string {
  return encodeBase32(randomBytes(20));
}

/** The step a moment falls in. */
export function getTotpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / totpStepSeconds);
}

/** The HOTP code of one step (RFC 4226 section 5.3's dynamic truncation). */
export function generateHotp(secret: Buffer, counter: number, digits = totpDigits): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac("sha1", secret).update(message).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The code an authenticator shows at a moment. */
export function generateTotp(secretBase32: string, now: Date, digits = totpDigits): string {
  return generateHotp(decodeBase32(secretBase32), getTotpStep(now), digits);
}

/**
 * The step a typed code matches within the drift window, or undefined. Steps at or before
 * lastUsedStep are not taken: a code seen over a shoulder cannot be used again.
 */
export function matchTotp(
  secretBase32: string,
  code: string,
  now: Date,
  lastUsedStep: number | null = null,
): number | undefined {
  const typed = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(typed)) return undefined;
  const secret = decodeBase32(secretBase32);
  const current = getTotpStep(now);
  for (let step = current - totpDriftSteps; step <= current + totpDriftSteps; step++) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    const expected = Buffer.from(generateHotp(secret, step));
    if (timingSafeEqual(expected, Buffer.from(typed))) return step;
  }
  return undefined;
}

/** The otpauth:// address an authenticator app reads from the QR code (Key Uri Format). */
export function buildOtpAuthUrl(secretBase32: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: "SHA1",
    digits: String(totpDigits),
    period: String(totpStepSeconds),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
