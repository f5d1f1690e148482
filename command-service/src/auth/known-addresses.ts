import { createHmac } from 'node:crypto'
import type { Knex } from 'knex'

/**
 * The client addresses each email has signed in from, or reset its password from, before
 * (`sign_in_addresses`). Both are stored as keyed hashes: the key is derived from a server
 * secret, so the rows cannot be reversed by hashing every IPv4 address or a list of emails.
 */
export interface KnownAddresses {
  isKnown(email: string, address: string, now: Date): Promise<boolean>
  remember(email: string, address: string, now: Date): Promise<void>
}

/** An address unused this long is a stranger again. */
export const rememberForMs = 90 * 24 * 60 * 60 * 1000
/** How often (in remembers, per instance) rows past `rememberForMs` are swept away. */
const sweepEvery = 200

export function createKnownAddresses(knex: Knex, secret: Buffer): KnownAddresses {
  const key = createHmac('sha256', secret).update('sign-in-addresses').digest()
  const hashOf = (kind: string, value: string) =>
    createHmac('sha256', key).update(`${kind}:${value}`).digest('hex')
  const row = (email: string, address: string) => ({
    email_hash: hashOf('email', email.trim().toLowerCase()),
    address_hash: hashOf('address', address),
  })
  let remembered = 0
  return {
    async isKnown(email, address, now) {
      const found = await knex('sign_in_addresses')
        .where(row(email, address))
        .andWhere('last_seen_at', '>', new Date(now.getTime() - rememberForMs))
        .first('email_hash')
      return found !== undefined
    },
    async remember(email, address, now) {
      await knex('sign_in_addresses')
        .insert({ ...row(email, address), last_seen_at: now })
        .onConflict(['email_hash', 'address_hash'])
        .merge(['last_seen_at'])
      remembered += 1
      if (remembered % sweepEvery === 0) {
        await knex('sign_in_addresses')
          .where('last_seen_at', '<', new Date(now.getTime() - rememberForMs))
          .delete()
      }
    },
  }
}
