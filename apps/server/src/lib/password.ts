import { hash, verify } from '@node-rs/argon2';

// OWASP: argon2id, m = 19 MiB, t = 2, p = 1 (the library's default algorithm is argon2id).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

let dummy: Promise<string> | null = null;

/** Verifies; with no stored hash still spends the same time, so timing does not reveal accounts. */
export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('not-a-real-password-0');
    await verify(await dummy, plain).catch(() => false);
    return false;
  }
  return verify(stored, plain).catch(() => false);
}
