import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { UserKey } from './cipher'

/**
 * Each user's personal-data key is kept wrapped (AES-256-GCM) under the operator's
 * PERSONAL_DATA_KEY, which comes from the environment in production: a database dump or a
 * backup alone then decrypts nobody. A wrapped key is nonce ‖ ciphertext ‖ tag (60 bytes),
 * bound to its user and key id, so it cannot be moved to another row; a key kept before
 * wrapping is its 32 clear bytes, still read until the command service wraps it at start.
 */
const nonceBytes = 12
const tagBytes = 16
const clearKeyBytes = 32
export const wrappedKeyBytes = nonceBytes + clearKeyBytes + tagBytes

const additionalData = (userId: string, keyId: string) => Buffer.from(`user-key\n${userId}\n${keyId}`, 'utf8')

export class UnwrappableUserKey extends Error {
  constructor(reason: string) {
    super(`Cannot open a personal-data key: ${reason}`)
    this.name = 'UnwrappableUserKey'
  }
}

/** `key` wrapped under the operator's key, for `userId`'s row. */
export function wrapUserKey(operatorKey: Uint8Array, userId: string, key: UserKey): Buffer {
  const nonce = randomBytes(nonceBytes)
  const cipher = createCipheriv('aes-256-gcm', operatorKey, nonce)
  cipher.setAAD(additionalData(userId, key.id))
  return Buffer.concat([nonce, cipher.update(key.key), cipher.final(), cipher.getAuthTag()])
}

/** A stored key as the user's key: opened under the operator's key, or as is if kept clear. */
export function unwrapUserKey(
  operatorKey: Uint8Array | undefined,
  userId: string,
  keyId: string,
  stored: Buffer,
): UserKey {
  if (stored.length === clearKeyBytes) return { id: keyId, key: stored }
  if (stored.length !== wrappedKeyBytes) throw new UnwrappableUserKey(`${stored.length} bytes stored`)
  if (!operatorKey) throw new UnwrappableUserKey('it is wrapped, and no PERSONAL_DATA_KEY was given')
  const decipher = createDecipheriv('aes-256-gcm', operatorKey, stored.subarray(0, nonceBytes))
  decipher.setAAD(additionalData(userId, keyId))
  decipher.setAuthTag(stored.subarray(stored.length - tagBytes))
  try {
    const key = Buffer.concat([
      decipher.update(stored.subarray(nonceBytes, stored.length - tagBytes)),
      decipher.final(),
    ])
    return { id: keyId, key }
  } catch {
    throw new UnwrappableUserKey('it was wrapped under another PERSONAL_DATA_KEY than the one given')
  }
}

/**
 * The operator's key of this process, as its start found it (`usePersonalDataKey`): one process
 * serves one site, and every reader of `user_keys` (use cases, projections, reactors, the admin
 * lists) opens keys with it. Unset (tests that never start a service), keys are written clear.
 */
let processKey: Buffer | undefined

export function usePersonalDataKey(key: Uint8Array | undefined): void {
  processKey = key ? Buffer.from(key) : undefined
}

export const personalDataKey = (): Buffer | undefined => processKey
