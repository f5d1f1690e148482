import { createHmac } from 'node:crypto'
import type { PersonalData } from '@prizes/contracts'
import { AccountHeldForReview, breakAt, OnBreak, type RegisteredUser, type UserState } from '@prizes/domain'
import { readUserKey } from '@prizes/platform'
import type { Knex } from 'knex'
import { mailboxOf } from '../auth/mailbox'
import type { CommandHandler } from '../command-handler'
import type { RowStatement, RowWriter } from '../command-rows'
import type { CommandContext } from '../event-metadata'
import { decryptPersonal } from '../users/personal'
import { runUserCommand } from '../users/user-stream'

/**
 * Breaks that hold for the person, not for one email (issue 23). Each account has a row in
 * `play_people` with keyed hashes of its inbox as `mailboxOf` normalises it (`ada+x@`,
 * `a.da@googlemail.com` are `ada@gmail.com`) and, when its date of birth is known, of its name,
 * date of birth and postcode; and the break its owner took with a proven email. Only the hashes
 * are kept: the clear values stay encrypted on the user's stream.
 *
 * - Another account of the same inbox is on that break too: it cannot pay (TAKING_A_BREAK).
 * - Another account whose name, date of birth and postcode match is held for review: it signs
 *   in but cannot pay until an admin clears it (ACCOUNT_HELD_FOR_REVIEW).
 * - A postal entry is refused for an entrant on a break by account, by inbox or by details.
 *
 * A break taken while the email is unproven (a guest still setting up) binds that account only:
 * it may have been taken by a stranger who typed the address, and is dropped when the owner
 * sets the account up (`UnconfirmedPlayDropped`).
 */

export interface PersonHashes {
  readonly inboxHash: string
  /** Null when the date of birth or a postcode is not known (guest and postal accounts). */
  readonly detailsHash: string | null
}

type Person = Pick<PersonalData, 'email' | 'firstName' | 'lastName' | 'address' | 'dateOfBirth'>

const keyed = (secret: Buffer, label: string, value: string) =>
  createHmac('sha256', secret).update(`play-person:${label}:${value}`).digest('hex')

/** Lower case, accents and everything but letters gone: "Anne-Marie O'Neil" is "annemarieoneil". */
function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
}

const ukPostcode = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/g
const eircode = /\b([AC-FHKNPRTV-Y]\d{2}|D6W)\s*([\dAC-FHKNPRTV-Y]{4})\b/g

/** The last UK postcode or Eircode in an address, upper case without spaces; undefined if none. */
export function postcodeOf(address: string): string | undefined {
  const upper = address.toUpperCase()
  const found = [...upper.matchAll(ukPostcode), ...upper.matchAll(eircode)].sort(
    (a, b) => (a.index ?? 0) - (b.index ?? 0),
  )
  const last = found.at(-1)
  return last ? `${last[1]}${last[2]}` : undefined
}

export function personHashes(secret: Buffer, person: Person): PersonHashes {
  const inboxHash = keyed(secret, 'inbox', mailboxOf(person.email))
  const postcode = postcodeOf(person.address)
  const first = nameKey(person.firstName)
  const last = nameKey(person.lastName)
  if (!person.dateOfBirth || !postcode || !first || !last) return { inboxHash, detailsHash: null }
  const details = `${first}|${last}|${person.dateOfBirth.slice(0, 10)}|${postcode}`
  return { inboxHash, detailsHash: keyed(secret, 'details', details) }
}

/** The account's row, as a row change of its registration (or of an admin's email change). */
export function personRow(knex: Knex, userId: string, hashes: PersonHashes): RowStatement {
  return knex('play_people')
    .insert({ user_id: userId, inbox_hash: hashes.inboxHash, details_hash: hashes.detailsHash })
    .onConflict('user_id')
    .merge(['inbox_hash', 'details_hash'])
}

interface PeopleDeps {
  readonly knex: Knex
  readonly secrets: { readonly oneTimeTokens: Buffer }
}

/**
 * The row of an account made before `play_people` existed, from its personal data; nothing for
 * one whose key is gone (erased).
 */
export async function ensurePerson(deps: PeopleDeps, user: RegisteredUser): Promise<void> {
  const known = await deps.knex('play_people').where({ user_id: user.userId }).first('user_id')
  if (known) return
  const key = await readUserKey(deps.knex, user.userId)
  if (!key) return
  const hashes = personHashes(deps.secrets.oneTimeTokens, decryptPersonal(key, user.personal))
  await personRow(deps.knex, user.userId, hashes)
}

/**
 * After a profile change (the owner's, or an admin's with a new email): the row follows the new
 * name, address and inbox, except while the account is on a break, whose person stays the one
 * it was taken as (changing the details is no way out of one).
 */
export async function refreshPerson(deps: PeopleDeps, user: RegisteredUser, now: Date): Promise<void> {
  if (breakAt(user.play, now)) return
  const key = await readUserKey(deps.knex, user.userId)
  if (!key) return
  const hashes = personHashes(deps.secrets.oneTimeTokens, decryptPersonal(key, user.personal))
  await personRow(deps.knex, user.userId, hashes)
}

/**
 * A break its owner took with a proven email holds for the person: the row change of the
 * `TakeBreak` that took it (its row exists: `ensurePerson` first). Nothing for an unproven one.
 */
export async function personBreakRow(knex: Knex, state: UserState, rows: RowWriter): Promise<void> {
  if (state.status !== 'registered' || !state.emailVerified) return
  const endsAt = state.play.breakEndsAt
  if (endsAt === undefined) return
  await rows.run(
    knex('play_people')
      .where({ user_id: state.userId })
      .update({ break_ends_at: endsAt, break_permanent: endsAt === null }),
  )
}

export type PersonMatch =
  | { readonly kind: 'inbox'; readonly endsAt: string | null }
  | { readonly kind: 'details'; readonly endsAt: string | null }

interface MatchRow {
  readonly same_inbox: boolean
  readonly break_ends_at: Date | null
  readonly break_permanent: boolean
}

function matchOf(row: MatchRow | undefined): PersonMatch | undefined {
  if (!row) return undefined
  const endsAt = row.break_permanent ? null : (row.break_ends_at?.toISOString() ?? null)
  return { kind: row.same_inbox ? 'inbox' : 'details', endsAt }
}

/** Breaks in force first the same inbox's, then the longest. */
const strongestFirst = 'same_inbox desc, break_permanent desc, break_ends_at desc nulls last'

/**
 * A break in force on another account of the same person as `userId` (by its row's hashes);
 * undefined when none, or when the account has no row.
 */
export async function personBreakOf(knex: Knex, userId: string, now: Date): Promise<PersonMatch | undefined> {
  const result = await knex.raw<{ rows: MatchRow[] }>(
    `select o.inbox_hash = me.inbox_hash as same_inbox, o.break_ends_at, o.break_permanent
       from play_people me
       join play_people o
         on o.user_id <> me.user_id
        and (o.inbox_hash = me.inbox_hash or o.details_hash = me.details_hash)
        and (o.break_permanent or o.break_ends_at > ?)
      where me.user_id = ?
      order by ${strongestFirst}
      limit 1`,
    [now, userId],
  )
  return matchOf(result.rows[0])
}

/** A break in force on any account of these hashes (a postal envelope's sender). */
export async function breakMatching(
  knex: Knex,
  hashes: PersonHashes,
  now: Date,
): Promise<PersonMatch | undefined> {
  const result = await knex.raw<{ rows: MatchRow[] }>(
    `select inbox_hash = ? as same_inbox, break_ends_at, break_permanent
       from play_people
      where (inbox_hash = ? or details_hash = ?)
        and (break_permanent or break_ends_at > ?)
      order by ${strongestFirst}
      limit 1`,
    [hashes.inboxHash, hashes.inboxHash, hashes.detailsHash, now],
  )
  return matchOf(result.rows[0])
}

/**
 * Holds the account for review when its details match a person on a break under another
 * account (once: an account an admin cleared stays cleared). True when it is held.
 */
export async function holdIfPersonOnBreak(
  deps: { readonly knex: Knex; readonly handler: CommandHandler },
  userId: string,
  context: CommandContext,
): Promise<boolean> {
  const match = await personBreakOf(deps.knex, userId, context.now)
  if (match?.kind !== 'details') return false
  const held = await runUserCommand(
    deps.handler,
    { type: 'HoldAccountForReview', data: { userId }, metadata: { now: context.now } },
    { ...context, actor: { system: 'responsible-play' } },
  )
  return held.state.status === 'registered' && held.state.review === 'held'
}

/**
 * Refuses a purchase by an account whose person is on a break under another account (the same
 * inbox), or that is held for review (its details match one), holding it if it was not yet.
 */
export async function assertPersonMayEnter(
  deps: {
    readonly knex: Knex
    readonly handler: CommandHandler
    readonly secrets?: PeopleDeps['secrets'] | undefined
  },
  user: RegisteredUser,
  context: CommandContext,
): Promise<void> {
  if (user.review === 'held') throw new AccountHeldForReview()
  if (deps.secrets) await ensurePerson({ knex: deps.knex, secrets: deps.secrets }, user)
  const match = await personBreakOf(deps.knex, user.userId, context.now)
  if (match === undefined) return
  if (match.kind === 'inbox') throw new OnBreak(match.endsAt)
  if (user.review === 'cleared') return
  await holdIfPersonOnBreak(deps, user.userId, context)
  throw new AccountHeldForReview()
}
