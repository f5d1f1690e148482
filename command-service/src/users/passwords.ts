import { hash, verify } from '@node-rs/argon2'

/**
 * argon2id (the library's default algorithm) with its default cost, which meets OWASP's
 * minimum (19 MiB, 2 passes). Both calls are async: the work runs on libuv's thread pool, off
 * the event loop, so one sign-in does not stall every other request.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    // A hash that cannot be parsed matches nothing.
    return false
  }
}

let decoy: Promise<string> | undefined

/**
 * Spends the time of a real check when there is no account, so the answer's timing does not
 * tell an unknown email from a wrong password.
 */
export async function checkAgainstDecoy(password: string): Promise<void> {
  decoy ??= hashPassword('decoy password for unknown accounts')
  await passwordMatches(await decoy, password)
}
