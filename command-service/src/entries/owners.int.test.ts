import { randomUUID } from 'node:crypto'
import { competitionStream } from '@prizes/contracts'
import { positionToString } from '@prizes/event-store'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../testing/fixtures'
import { entriesOfUser, entryOwnersIndex, keepEntryOwnersPastLog, ownerOfEntry } from './owners'
import { runEntryCommand } from './stream'
import { type EntriesHarness, startEntriesHarness, submission } from './test-harness'

/**
 * `entry_owners`, the command side's index of entries (issue 25): written in the append that
 * makes the entry, batched commands included; filled from the log at start for entries made
 * before it; and looked up by index probes only, at 100,000 entries as at ten.
 */

let harness: EntriesHarness
let competitionId: string
beforeAll(async () => {
  harness = await startEntriesHarness('entry_owners')
  competitionId = await harness.competition()
})
afterAll(() => harness.close())

/** A reservation through the endpoint, as an entrant makes one: its entry id and user. */
async function reserve(): Promise<{ entryId: string; userId: string }> {
  const { userId, token } = await harness.user()
  const created = await harness.call('/api/entries/create-payment-intent', submission(competitionId), {
    token,
  })
  const reserved = (await harness.events(competitionId)).find(
    (event) =>
      event.type === 'TicketsReserved' && event.data.paymentIntentId === created.body.paymentIntentId,
  )
  const entryId = reserved?.data.entryId
  if (typeof entryId !== 'string') throw new Error(`no entry: ${JSON.stringify(created.body)}`)
  return { entryId, userId }
}

/** What the command service does at each start. */
const start = () => keepEntryOwnersPastLog({ store: harness.store, knex: harness.knex, logger: silentLogger })

describe('entry_owners', () => {
  it('knows a reservation the moment it is answered', async () => {
    const { entryId, userId } = await reserve()
    expect(await ownerOfEntry(harness.knex, entryId)).toEqual({ entryId, competitionId, userId })
    expect(await entriesOfUser(harness.knex, userId)).toEqual(new Map([[competitionId, [entryId]]]))
    expect(await ownerOfEntry(harness.knex, randomUUID())).toBeUndefined()
  })

  it('takes a batch of reservations in the one append that carries them', async () => {
    const reservations = Array.from({ length: 5 }, () => ({ entryId: randomUUID(), userId: randomUUID() }))
    const now = harness.clock.now()
    const results = await Promise.all(
      reservations.map(({ entryId, userId }) =>
        runEntryCommand(
          harness.deps.handler,
          {
            type: 'ReserveTickets',
            data: {
              competitionId,
              entryId,
              userId,
              quantity: 1,
              answer: '4',
              questionIndex: 0,
              paymentIntentId: `pi_${entryId}`,
              expiresAt: new Date(now.getTime() + 600_000).toISOString(),
            },
            metadata: { now },
          },
          harness.context(),
          { index: entryOwnersIndex(harness.knex) },
        ),
      ),
    )
    // One append (one position) for all five: the index does not stop commands batching.
    const positions = results.map((r) => (r.position ? positionToString(r.position) : 'none'))
    expect(positions).not.toContain('none')
    expect(new Set(positions).size).toBe(1)
    for (const { entryId, userId } of reservations)
      expect(await ownerOfEntry(harness.knex, entryId)).toEqual({ entryId, competitionId, userId })
  })

  it('is filled from the log at start for entries made before it, then reads on from where it got', async () => {
    const made = [await reserve(), await reserve()]
    await start()
    await harness.knex('entry_owners').delete()
    await harness.knex('entry_owners_floor').delete()
    expect(await ownerOfEntry(harness.knex, made[0]?.entryId ?? '')).toBeUndefined()

    const { added } = await start()
    const reservedInLog = (await harness.store.readStream(competitionStream(competitionId))).filter(
      (event) => event.type === 'TicketsReserved',
    ).length
    expect(added).toBe(reservedInLog)
    for (const { entryId, userId } of made)
      expect(await ownerOfEntry(harness.knex, entryId)).toEqual({ entryId, competitionId, userId })
    expect(await start()).toEqual({ added: 0 })
  })

  it('finds an entry and a user’s entries by index probes among 100,000 entries', async () => {
    await harness.knex.raw(
      `insert into entry_owners (entry_id, competition_id, user_id)
       select gen_random_uuid()::text, 'competition-' || (n % 50), 'user-' || (n % 20000)
         from generate_series(1, 100000) n`,
    )
    await harness.knex.raw('analyze entry_owners')
    const plan = async (query: Knex.QueryBuilder) => {
      const { sql, bindings } = query.toSQL()
      const { rows } = await harness.knex.raw<{ rows: { 'QUERY PLAN': string }[] }>(
        `explain ${sql}`,
        bindings,
      )
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    }
    const byEntry = await plan(harness.knex('entry_owners').where({ entry_id: 'x' }).first('competition_id'))
    const byUser = await plan(
      harness.knex('entry_owners').where({ user_id: 'user-7' }).orderBy(['competition_id', 'entry_id']),
    )
    for (const shown of [byEntry, byUser]) {
      expect(shown).toMatch(/Index (Only )?Scan|Bitmap Index Scan/)
      expect(shown).not.toMatch(/Seq Scan/)
    }
    const started = performance.now()
    const entries = await entriesOfUser(harness.knex, 'user-7')
    expect([...entries.values()].flat()).toHaveLength(5)
    expect(performance.now() - started).toBeLessThan(500)
  })
})
