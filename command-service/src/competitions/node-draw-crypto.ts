import { createHash, createHmac } from 'node:crypto'
import type { DrawCrypto } from '@prizes/domain'

/** The draw's hashing backed by `node:crypto`, for the audit CLI and the tests. */
export const nodeDrawCrypto: DrawCrypto = {
  sha256: (bytes) => new Uint8Array(createHash('sha256').update(bytes).digest()),
  hmacSha256: (key, bytes) => new Uint8Array(createHmac('sha256', key).update(bytes).digest()),
}
