import { entryReferenceNumber } from '@prizes/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../testing/fixtures'
import { keepReferencesPastLog } from './reference-floor'
import { type EntriesHarness, startEntriesHarness, submission } from './test-harness'

/**
 * Finding 10 of issue 10: entry references came from a sequence nothing else checked, so a
 * sequence restored from an older backup, or recreated, handed out references the log had
 * already given to other entries. The service's start (`keepReferencesPastLog`) now moves the
 * sequence past the highest reference in the log.
 */

let harness: EntriesHarness
let competitionId: string
beforeAll(async () => {
  harness = await startEntriesHarness('entry_reference_floor')
  competitionId = await harness.competition()
})
afterAll(() => harness.close())

/** One paid entry, through the endpoints: its reference's number. */
async function buy(): Promise<number> {
  const { token } = await harness.user()
  const created = await harness.call('/api/entries/create-payment-intent', submission(competitionId), {
    token,
  })
  const paymentIntentId = created.body.paymentIntentId
  if (typeof paymentIntentId !== 'string') throw new Error(`no intent: ${JSON.stringify(created.body)}`)
  await harness.pay(paymentIntentId)
  const confirmed = await harness.call('/api/entries/confirm-payment', { paymentIntentId }, { token })
  const reference = (confirmed.body.entry as { entryReference?: string } | undefined)?.entryReference
  const number = reference === undefined ? undefined : entryReferenceNumber(reference)
  if (number === undefined) throw new Error(`no entry reference: ${JSON.stringify(confirmed.body)}`)
  return number
}

/** What the command service does at each start. */
const start = () => keepReferencesPastLog({ store: harness.store, knex: harness.knex, logger: silentLogger })

const resetSequence = () => harness.knex.raw('alter sequence entry_reference_seq restart with 1')

describe('entry references after the sequence is reset', () => {
  it('are not issued again: the start moves the sequence past the log', async () => {
    const issued = [await buy(), await buy()]
    await start()
    await resetSequence()
    await start()
    const next = await buy()
    expect(issued).not.toContain(next)
    expect(next).toBeGreaterThan(Math.max(...issued))
  })

  it('are not issued again when the command side was lost with the sequence: the whole log is read', async () => {
    const issued = [await buy(), await buy()]
    await harness.knex('entry_reference_floor').delete()
    await resetSequence()
    expect(await start()).toEqual({ highest: Math.max(...issued) })
    expect(await buy()).toBe(Math.max(...issued) + 1)
  })

  it('leave a sequence that is ahead of the log where it is', async () => {
    const last = await buy()
    await harness.knex.raw('select setval(?, ?)', ['entry_reference_seq', last + 100])
    await start()
    expect(await buy()).toBe(last + 101)
  })
})
