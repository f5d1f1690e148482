import { describe, expect, it } from 'vitest'
import type { CompetitionEvent } from '../competition/events'
import { decodeCompetition, encodeCompetition } from '../competition/snapshot'
import {
  allocate,
  competitionId,
  created,
  entryId,
  given,
  intentId,
  minutes,
  published,
  release,
  reserved,
  run,
} from './test-fixtures'

/** An erased entrant never gets tickets: their payment is owed back (issue 11). */

const releaseForErasure = (n: number) => release(n, 'user_erased', minutes(1))

const owedBack = (n: number): CompetitionEvent => ({
  type: 'PaymentRefundDue',
  data: {
    competitionId,
    entryId: entryId(n),
    userId: `u-${n}`,
    amountPence: 250,
    paymentIntentId: intentId(n),
    reason: 'user_erased',
  },
})

describe('an erased entrant', () => {
  it('has their reservation released at once, before its expiry, and its tickets go back on sale', () => {
    given(created(), published, reserved(1))
      .when(releaseForErasure(1))
      .thenEmits([
        { type: 'ReservationReleased', data: { competitionId, entryId: entryId(1), reason: 'user_erased' } },
      ])
  })

  it('is owed back a payment confirmed after the release, though tickets remain', () => {
    const { state } = run([releaseForErasure(1)], [created(), published, reserved(1)])
    if (!state.exists) throw new Error('fixture: competition expected')
    expect(state.entries.get(entryId(1))?.userErased).toBe(true)
    given(created(), published, reserved(1), {
      type: 'ReservationReleased',
      data: { competitionId, entryId: entryId(1), reason: 'user_erased' },
    })
      .when(allocate(1, minutes(2)))
      .thenEmits([owedBack(1)])
  })

  it('is owed back a payment whose command says they were erased, even while the reservation holds', () => {
    const command = allocate(1, minutes(2))
    if (command.type !== 'AllocateTickets') throw new Error('fixture')
    given(created(), published, reserved(1))
      .when({ ...command, data: { ...command.data, userErased: true } })
      .thenEmits([owedBack(1)])
  })

  it('keeps an entry allocated before the release: the release records nothing (the deletion refunds it)', () => {
    const { state } = run([allocate(1), releaseForErasure(1)], [created(), published, reserved(1)])
    if (!state.exists) throw new Error('fixture: competition expected')
    expect(state.entries.get(entryId(1))).toMatchObject({ status: 'paid', userErased: false })
  })

  it('is remembered through a snapshot', () => {
    const { state } = run([releaseForErasure(1)], [created(), published, reserved(1), reserved(2)])
    const back = decodeCompetition(encodeCompetition(state))
    if (!back.exists) throw new Error('fixture: competition expected')
    expect(back.entries.get(entryId(1))?.userErased).toBe(true)
    expect(back.entries.get(entryId(2))?.userErased).toBe(false)
  })
})
