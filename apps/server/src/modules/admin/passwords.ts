import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm; STACK.md: do not pass `algorithm`)
 * with its default cost (19 MiB, t=2: OWASP's minimum), stored as a PHC string.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a hash that is not a valid PHC string. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * A hash to verify against when the e-mail is unknown, so a log in takes the
 * same time whether the account exists or not.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hash('not-a-password-of-anyone');
  return dummy;
}
