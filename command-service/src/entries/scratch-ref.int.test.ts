import { afterAll, beforeAll, expect, it } from 'vitest'
import { allocatePaidEntry } from '../reactors/entries/entry-commands'
import { type EntriesHarness, startEntriesHarness, submission } from './test-harness'

let harness: EntriesHarness
beforeAll(async () => {
  harness = await startEntriesHarness('scratch_ref')
})
afterAll(() => harness.close())

it('refs', async () => {
  const competitionId = await harness.competition()
  const { token } = await harness.user()
  const onSucceeded = allocatePaidEntry(harness.deps, { logger: harness.deps.logger, now: harness.clock.now })
  const refs: string[] = []
  for (let i = 0; i < 3; i++) {
    const a = await harness.call('/api/entries/create-payment-intent', submission(competitionId, {}), { token })
    const id = a.body.paymentIntentId as string
    await harness.pay(id)
    await onSucceeded(id)
    const c = await harness.call('/api/entries/confirm-payment', { paymentIntentId: id }, { token })
    refs.push(c.body.entry.entryReference)
  }
  const seq = await harness.knex.raw('select last_value from entry_reference_seq')
  console.log(refs, seq.rows)
  expect(refs).toHaveLength(3)
})
