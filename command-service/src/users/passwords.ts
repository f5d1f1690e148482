import { hash, verify } from '@node-rs/argon2'
import { passwordWork } from './password-work'

/**
 * argon2id (the library's default algorithm) with its default cost, which meets OWASP's
 * minimum (19 MiB, 2 passes). Both calls are async: the work runs on libuv's thread pool, off
 * the event loop, so one sign-in does not stall every other request; and both queue in
 * `passwordWork`, where checks go before new hashes, so sign-ups cannot starve sign-ins.
 */
export function hashPassword(password: string): Promise<string> {
  return passwordWork.run('new-password', () => hash(password))
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await passwordWork.run('check', () => verify(passwordHash, password))
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
export async function checkAgainstDecoy(password: string): Promise<false> {
  // Made once, in the check lane: the first unknown email must not wait behind sign-ups either.
  decoy ??= passwordWork.run('check', () => hash('decoy password for unknown accounts'))
  await passwordMatches(await decoy, password)
  return false
}
