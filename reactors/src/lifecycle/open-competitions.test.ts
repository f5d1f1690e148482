import { details } from '@prizes/command-service/testing'
import type { RecordedEvent } from '@prizes/event-store'
import { describe, expect, it } from 'vitest'
import { cancelledCompetition, learn, paidEntryOf } from './cancelled-entries'
import { isSoldOut, OpenCompetitions } from './open-competitions'

let sequence = 0
function recorded(competitionId: string, type: string, data: Record<string, unknown>): RecordedEvent {
  sequence += 1
  return {
    id: `event-${sequence}`,
    type,
    data: { competitionId, ...data },
    metadata: {},
    streamId: `competition-${competitionId}`,
    revision: BigInt(sequence),
    position: { commit: BigInt(sequence), prepare: BigInt(sequence) },
    recordedAt: new Date(),
  }
}

const entryId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`
const allocated = (competitionId: string, n: number, tickets: number[], amountPence = 250) =>
  recorded(competitionId, 'TicketsAllocated', {
    entryId: entryId(n),
    userId: `user-${n}`,
    ticketNumbers: tickets,
    entryReference: `PRZ-2030-00000${n}`,
    answer: '4',
    answerCorrect: true,
    amountPence,
    paymentIntentId: amountPence === 0 ? null : `pi_${n}`,
  })

describe('OpenCompetitions', () => {
  it('opens a competition when published, with its end date and total, and counts allocations', () => {
    const open = new OpenCompetitions()
    expect(
      open.apply(
        recorded('a', 'CompetitionCreated', { details: { ...details, totalTickets: 3 }, featured: false }),
      ),
    ).toBeUndefined()
    expect(open.list()).toEqual([])
    expect(open.apply(recorded('a', 'CompetitionPublished', {}))).toBe('a')
    expect(open.get('a')).toEqual({
      competitionId: 'a',
      endDate: new Date(details.endDate),
      totalTickets: 3,
      allocated: 0,
    })
    open.apply(allocated('a', 1, [1, 2]))
    expect(open.get('a')?.allocated).toBe(2)
    expect(
      isSoldOut(open.get('a') ?? { competitionId: 'a', endDate: new Date(), totalTickets: 1, allocated: 0 }),
    ).toBe(false)
    open.apply(allocated('a', 2, [3]))
    const soldOut = open.get('a')
    expect(soldOut && isSoldOut(soldOut)).toBe(true)
  })

  it('follows a revised end date and total', () => {
    const open = new OpenCompetitions()
    open.apply(recorded('a', 'CompetitionCreated', { details, featured: false }))
    open.apply(recorded('a', 'CompetitionPublished', {}))
    const endDate = '2031-05-01T00:00:00.000Z'
    expect(
      open.apply(recorded('a', 'CompetitionRevised', { details: { ...details, endDate, totalTickets: 9 } })),
    ).toBe('a')
    expect(open.get('a')).toMatchObject({ endDate: new Date(endDate), totalTickets: 9 })
  })

  it('forgets a competition for good once closed, cancelled, deleted or ended by the reactor', () => {
    const open = new OpenCompetitions()
    for (const [id, ending] of [
      ['a', 'CompetitionClosed'],
      ['b', 'CompetitionCancelled'],
      ['c', 'CompetitionDeleted'],
    ] as const) {
      open.apply(recorded(id, 'CompetitionCreated', { details, featured: false }))
      open.apply(recorded(id, 'CompetitionPublished', {}))
      expect(open.apply(recorded(id, ending, {}))).toBeUndefined()
      expect(open.apply(recorded(id, 'CompetitionPublished', {}))).toBeUndefined()
    }
    open.apply(recorded('d', 'CompetitionCreated', { details, featured: false }))
    open.apply(recorded('d', 'CompetitionPublished', {}))
    open.end('d')
    expect(open.list()).toEqual([])
  })

  it('stops watching an undersold competition and watches it again until an extended end date', () => {
    const open = new OpenCompetitions()
    open.apply(recorded('a', 'CompetitionCreated', { details, featured: false }))
    open.apply(recorded('a', 'CompetitionPublished', {}))
    open.apply(allocated('a', 1, [1, 2]))
    open.end('a')
    expect(open.list()).toEqual([])
    expect(open.apply(recorded('a', 'CompetitionUndersold', { soldTickets: 2, minimumTickets: 5 }))).toBe(
      undefined,
    )
    const endDate = '2031-05-01T00:00:00.000Z'
    const extended = recorded('a', 'CompetitionEndDateExtended', {
      previousEndDate: details.endDate,
      endDate,
    })
    expect(open.apply(extended)).toBe('a')
    expect(open.get('a')).toMatchObject({ endDate: new Date(endDate), allocated: 2 })
  })

  it('ignores other streams and unreadable data', () => {
    const open = new OpenCompetitions()
    const other = { ...recorded('x', 'CompetitionPublished', {}), streamId: 'user-x' }
    expect(open.apply(other)).toBeUndefined()
    expect(open.apply(recorded('y', 'CompetitionCreated', { details: { title: 1 } }))).toBeUndefined()
    expect(open.apply(recorded('y', 'CompetitionPublished', {}))).toBeUndefined()
    expect(open.list()).toEqual([])
  })
})

describe('a cancelled competition, learnt then met entry by entry', () => {
  it('lists paid entries in allocation order with their refunds; free entries owe nothing', () => {
    const events = [
      recorded('a', 'CompetitionCreated', { details, featured: false }),
      recorded('a', 'CompetitionRevised', { details: { ...details, title: 'Win a boat' } }),
      allocated('a', 1, [1]),
      allocated('a', 2, [2], 0),
      allocated('a', 3, [3, 4], 500),
      recorded('a', 'EntryRefunded', {
        entryId: entryId(1),
        amountPence: 250,
        paymentIntentId: 'pi_1',
        refundId: 're_1',
        reason: 'admin',
      }),
    ]
    const competition = cancelledCompetition()
    for (const event of events) learn(competition, event)
    expect(competition.title).toBe('Win a boat')
    const paid = events.flatMap((event) => paidEntryOf(competition, event) ?? [])
    expect(paid.map((entry) => [entry.entryId, entry.amountPence, entry.refund?.reason])).toEqual([
      [entryId(1), 250, 'admin'],
      [entryId(3), 500, undefined],
    ])
  })
})
