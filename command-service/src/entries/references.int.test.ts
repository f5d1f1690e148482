import { entryReferenceNumber } from '@prizes/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCommandHandler } from '../command-handler'
import { silentLogger } from '../testing/fixtures'
import { confirmEntryPayment } from './confirm'
import type { EntryDeps } from './deps'
import { type EntriesHarness, startEntriesHarness, submission } from './test-harness'

let harness: EntriesHarness
beforeAll(async () => {
  harness = await startEntriesHarness('entry_references')
})
afterAll(() => harness.close())

/** A paid intent for a new entrant: reserved through the API, paid with 4242. */
async function paidIntent(competitionId: string): Promise<string> {
  const { token } = await harness.user()
  const answer = await harness.call('/api/entries/create-payment-intent', submission(competitionId), {
    token,
  })
  const id = answer.body.paymentIntentId
  if (typeof id !== 'string') throw new Error(`no intent in ${JSON.stringify(answer.body)}`)
  await harness.pay(id)
  return id
}

const numberOf = (reference: string | null) => entryReferenceNumber(reference ?? '') ?? Number.NaN

async function nextReference(deps: EntryDeps, competitionId: string): Promise<number> {
  const entry = await confirmEntryPayment(
    deps,
    { paymentIntentId: await paidIntent(competitionId) },
    harness.context(),
  )
  return numberOf(entry.entryReference)
}

describe('entry references', () => {
  it('the webhook and the browser confirming together take one reference: the next purchase is the next number', async () => {
    const competitionId = await harness.competition()
    const before = await nextReference(harness.deps, competitionId)
    const raced = await paidIntent(competitionId)
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        confirmEntryPayment(harness.deps, { paymentIntentId: raced }, harness.context()),
      ),
    )
    expect(new Set(answers.map((a) => a.entryReference)).size).toBe(1)
    expect(numberOf(answers[0]?.entryReference ?? null)).toBe(before + 1)
    expect(await nextReference(harness.deps, competitionId)).toBe(before + 2)
  })

  it('a confirm on an instance that has not seen another instance’s allocation takes no reference', async () => {
    const competitionId = await harness.competition()
    // Another command instance on the same store and tables, which has the competition in memory.
    const other: EntryDeps = {
      ...harness.deps,
      handler: createCommandHandler({ store: harness.store, logger: silentLogger }),
    }
    const before = await nextReference(other, competitionId)
    const paymentIntentId = await paidIntent(competitionId)
    const first = await confirmEntryPayment(harness.deps, { paymentIntentId }, harness.context())
    expect(numberOf(first.entryReference)).toBe(before + 1)
    // Its state is behind the store: it must catch up rather than take a number for a repeat.
    const repeat = await confirmEntryPayment(other, { paymentIntentId }, harness.context())
    expect(repeat).toEqual(first)
    expect(await nextReference(harness.deps, competitionId)).toBe(before + 2)
  })
})
