import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { Encrypted } from '@prizes/contracts'

/** A user's own data key (AES-256), kept in the command-side `user_keys` table. */
export interface UserKey {
  readonly id: string
  readonly key: Buffer
}

const version = 'enc:v1'
const b64 = (buffer: Buffer) => buffer.toString('base64url')

export function generateUserKey(): UserKey {
  return { id: b64(randomBytes(9)), key: randomBytes(32) }
}

/** Encrypts one personal value with AES-256-GCM under the user's key. */
export function encryptValue(userKey: UserKey, plaintext: string): Encrypted {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', userKey.key, iv)
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return `${version}:${userKey.id}:${b64(iv)}:${b64(cipher.getAuthTag())}:${b64(ciphertext)}`
}

export class UndecryptableValue extends Error {
  constructor(reason: string) {
    super(`Cannot decrypt personal value: ${reason}`)
    this.name = 'UndecryptableValue'
  }
}

/** The key id a value was encrypted under, to find the key. */
export function keyIdOf(value: Encrypted): string {
  const keyId = value.split(':')[2]
  if (!keyId) throw new UndecryptableValue('not an encrypted value')
  return keyId
}

/**
 * Decrypts a value. A missing key (the user was erased) is not an error for callers that show
 * data: they pass `undefined` and get `undefined`.
 */
export function decryptValue(userKey: UserKey | undefined, value: Encrypted): string | undefined {
  if (!userKey) return undefined
  const [, , keyId, iv, tag, data] = value.split(':')
  if (keyId !== userKey.id || iv === undefined || tag === undefined || data === undefined) {
    throw new UndecryptableValue(`encrypted under key ${keyId}, not ${userKey.id}`)
  }
  const decipher = createDecipheriv('aes-256-gcm', userKey.key, Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
}
