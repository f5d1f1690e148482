import { describe, expect, it } from 'vitest'
import type { CompetitionEvent } from '../competition/events'
import { jsDrawCrypto } from './crypto'
import { roundTime, testDrandChain } from './drand'
import {
  completedCompetition,
  entryIdFor,
  type FixtureEntry,
  quicknetBeacon,
  quicknetBeacons,
  randomnessValue,
  recorded,
  recordedWithTimes,
  seedFor,
  signedBeacon,
  timesAround,
} from './test-fixtures'
import { verifyDraw } from './verify'

const entries: FixtureEntry[] = [
  { userId: 'u-right', quantity: 3, answer: '4' },
  { userId: 'u-wrong', quantity: 5, answer: '5' },
  { userId: 'u-refunded', quantity: 4, answer: '4', refunded: true },
  { userId: 'u-other', quantity: 2, answer: '4' },
]

function drawn(events: readonly CompetitionEvent[]) {
  const completed = events.at(-1)
  if (completed?.type !== 'DrawCompleted') throw new Error('fixture: a completed draw expected')
  return completed.data
}

/** The stream with the first event of `type` (from `from`) replaced by `change` of it. */
function tampered<T extends CompetitionEvent['type']>(
  events: CompetitionEvent[],
  type: T,
  change: (event: Extract<CompetitionEvent, { type: T }>) => CompetitionEvent,
  from = 0,
) {
  const index = events.findIndex((event, i) => i >= from && event.type === type)
  const copy = [...events]
  const event = copy[index] as Extract<CompetitionEvent, { type: T }>
  copy[index] = change(event)
  return { events: recorded(copy), revision: String(index) }
}

describe('the draw', () => {
  it('never draws a wrong-answer or refunded ticket, over many seeds and randomness values', () => {
    const winners = new Set<string>()
    for (let i = 0; i < 300; i++) {
      const { winnerUserId, winningTicket } = drawn(
        completedCompetition(entries, seedFor(i), randomnessValue(i)),
      )
      winners.add(winnerUserId)
      expect(['u-right', 'u-other']).toContain(winnerUserId)
      expect([1, 2, 3, 13, 14]).toContain(winningTicket)
    }
    expect(winners).toEqual(new Set(['u-right', 'u-other']))
  })
})

describe('verifyDraw', () => {
  const events = completedCompetition(entries, seedFor(1))

  it('holds a fair draw step by step, but says UNVERIFIED, not PASS, for a value recorded without a signature', () => {
    const result = verifyDraw(recorded(events), jsDrawCrypto)
    expect(result.verdict).toBe('UNVERIFIED')
    expect(result.mismatch).toBeUndefined()
    expect(result.steps.map((step) => step.check)).toEqual([
      'seed committed',
      'seal',
      'seed revealed',
      'public randomness',
      'round timing',
      'drand signature',
      'winner',
      'winner owns the ticket',
    ])
    expect(result.steps.filter((step) => step.unverified)).toEqual([
      {
        check: 'drand signature',
        ok: true,
        unverified: true,
        detail: expect.stringContaining("without drand's signature"),
        event: { type: 'DrawCompleted', revision: String(events.length - 1) },
      },
    ])
    expect(result.drandSignature).toBe('unverified')
    expect(result.seal?.eligibleTickets).toBe(5)
    expect(result.winner?.userId).toBe(drawn(events).winnerUserId)
  })

  it('names a TicketsAllocated whose ticket number was changed', () => {
    const bad = tampered(events, 'TicketsAllocated', (e) => ({
      ...e,
      data: { ...e.data, ticketNumbers: [1, 2, 30] },
    }))
    const result = verifyDraw(bad.events, jsDrawCrypto)
    expect(result.verdict).toBe('FAIL')
    expect(result.mismatch).toMatchObject({
      check: 'tickets numbered in turn',
      event: { type: 'TicketsAllocated', revision: bad.revision },
    })
  })

  it('names a TicketsAllocated whose answerCorrect was flipped', () => {
    const wrongAnswer = events.findIndex((e) => e.type === 'TicketsAllocated' && e.data.userId === 'u-wrong')
    const bad = tampered(
      events,
      'TicketsAllocated',
      (e) => ({ ...e, data: { ...e.data, answerCorrect: true } }),
      wrongAnswer,
    )
    expect(bad.revision).toBe(String(wrongAnswer))
    expect(verifyDraw(bad.events, jsDrawCrypto).mismatch).toMatchObject({
      check: 'answer marked as given',
      event: { type: 'TicketsAllocated', revision: bad.revision },
    })
  })

  it('names the seal when an allocation was rewritten consistently (answer and mark together)', () => {
    const wrongAnswer = events.findIndex((e) => e.type === 'TicketsAllocated' && e.data.userId === 'u-wrong')
    const bad = tampered(
      events,
      'TicketsAllocated',
      (e) => ({ ...e, data: { ...e.data, answer: '4', answerCorrect: true } }),
      wrongAnswer,
    )
    const closed = events.findIndex((e) => e.type === 'CompetitionClosed')
    expect(verifyDraw(bad.events, jsDrawCrypto).mismatch).toMatchObject({
      check: 'seal',
      event: { type: 'CompetitionClosed', revision: String(closed) },
    })
  })

  it('fails when a refund is removed from the stream', () => {
    const withoutRefund = events.filter((e) => e.type !== 'EntryRefunded')
    expect(verifyDraw(recorded(withoutRefund), jsDrawCrypto).mismatch).toMatchObject({ check: 'seal' })
  })

  it('fails a revealed seed that is not the one committed to', () => {
    const bad = tampered(events, 'DrawCompleted', (e) => ({ ...e, data: { ...e.data, seed: seedFor(2) } }))
    expect(verifyDraw(bad.events, jsDrawCrypto).mismatch).toMatchObject({
      check: 'seed revealed',
      event: { type: 'DrawCompleted', revision: bad.revision },
    })
  })

  it('fails randomness from another round than the sealed one', () => {
    const bad = tampered(events, 'DrawCompleted', (e) => ({
      ...e,
      data: { ...e.data, publicRandomness: { ...e.data.publicRandomness, round: 1001 } },
    }))
    expect(verifyDraw(bad.events, jsDrawCrypto).mismatch).toMatchObject({ check: 'public randomness' })
  })

  it('fails a winner the algorithm did not draw, and a winner who does not own the ticket', () => {
    const { winningTicket } = drawn(events)
    const other = winningTicket === 1 ? 2 : 1
    const wrongTicket = tampered(events, 'DrawCompleted', (e) => ({
      ...e,
      data: { ...e.data, winningTicket: other },
    }))
    expect(verifyDraw(wrongTicket.events, jsDrawCrypto).mismatch).toMatchObject({ check: 'winner' })
    const wrongUser = tampered(events, 'DrawCompleted', (e) => ({
      ...e,
      data: { ...e.data, winnerUserId: 'u-wrong', winningEntryId: entryIdFor(1) },
    }))
    expect(verifyDraw(wrongUser.events, jsDrawCrypto).mismatch).toMatchObject({
      check: 'winner owns the ticket',
    })
  })

  it('fails a stream without a completed draw or without a commitment', () => {
    const open = events.filter((e) => e.type !== 'DrawCompleted')
    expect(verifyDraw(recorded(open), jsDrawCrypto).mismatch).toMatchObject({ check: 'draw completed' })
    const bad = tampered(events, 'CompetitionPublished', (e) => ({
      ...e,
      data: { competitionId: e.data.competitionId },
    }))
    expect(verifyDraw(bad.events, jsDrawCrypto).mismatch).toMatchObject({ check: 'seed committed' })
  })
})

describe('verifyDraw on a real drand beacon', () => {
  const events = completedCompetition(entries, seedFor(1), quicknetBeacon)
  type Randomness = Extract<CompetitionEvent, { type: 'DrawCompleted' }>['data']['publicRandomness']
  const withRandomness = (change: (randomness: Randomness) => Randomness) =>
    tampered(events, 'DrawCompleted', (e) => ({
      ...e,
      data: { ...e.data, publicRandomness: change(e.data.publicRandomness) },
    }))

  it("passes, the value checked against drand's signature for the sealed round", () => {
    const result = verifyDraw(recorded(events), jsDrawCrypto)
    expect(result.verdict).toBe('PASS')
    expect(result.drandSignature).toBe('verified')
    expect(result.steps.map((step) => step.check)).toEqual([
      'seed committed',
      'seal',
      'seed revealed',
      'public randomness',
      'round timing',
      'drand signature',
      'drand randomness',
      'winner',
      'winner owns the ticket',
    ])
    expect(result.steps.every((step) => step.ok && !step.unverified)).toBe(true)
    expect(result.sealedRandomness?.round).toBe(quicknetBeacon.round)
  })

  it("fails a tampered signature (another round's, drand's own), naming the drand signature step", () => {
    const bad = withRandomness((r) => ({ ...r, signature: quicknetBeacons[3].signature }))
    const result = verifyDraw(bad.events, jsDrawCrypto)
    expect(result.verdict).toBe('FAIL')
    expect(result.mismatch).toMatchObject({
      check: 'drand signature',
      event: { type: 'DrawCompleted', revision: bad.revision },
    })
  })

  it('fails a signature that is not a point, naming the drand signature step', () => {
    const bad = withRandomness((r) => ({ ...r, signature: 'ab'.repeat(48) }))
    expect(verifyDraw(bad.events, jsDrawCrypto).mismatch).toMatchObject({ check: 'drand signature' })
  })

  it('fails a value that is not sha256 of the signature, naming the drand randomness step', () => {
    const bad = withRandomness((r) => ({ ...r, value: randomnessValue(5) }))
    expect(verifyDraw(bad.events, jsDrawCrypto).mismatch).toMatchObject({
      check: 'drand randomness',
      event: { type: 'DrawCompleted', revision: bad.revision },
    })
  })

  it('fails another round used than the sealed one, and a round changed in the seal and the draw alike', () => {
    const used = withRandomness((r) => ({ ...r, round: 3 }))
    expect(verifyDraw(used.events, jsDrawCrypto).mismatch).toMatchObject({ check: 'public randomness' })
    const closedAt = events.findIndex((e) => e.type === 'CompetitionClosed')
    const both = [...used.events]
    const closed = both[closedAt]
    if (closed?.type !== 'CompetitionClosed') throw new Error('fixture: a close expected')
    both[closedAt] = {
      ...closed,
      data: { ...closed.data, randomness: { ...closed.data.randomness, round: 3 } },
    }
    expect(verifyDraw(both, jsDrawCrypto).mismatch).toMatchObject({
      check: 'drand signature',
      detail: expect.stringContaining('round 3'),
    })
  })

  it('says unverified, not a pass of the step, for a round sealed on a chain it has no key for', () => {
    const other = tampered(events, 'CompetitionClosed', (e) => ({
      ...e,
      data: { ...e.data, randomness: { ...e.data.randomness, chainHash: 'dbd506d6' } },
    }))
    const result = verifyDraw(other.events, jsDrawCrypto)
    expect(result.verdict).toBe('UNVERIFIED')
    expect(result.drandSignature).toBe('unverified')
    expect(result.steps.find((step) => step.check === 'drand signature')).toMatchObject({
      unverified: true,
      detail: expect.stringContaining('dbd506d6'),
    })
  })
})

describe('verifyDraw on the TEST drand chain', () => {
  const beacon = signedBeacon(7_000_000)
  const events = completedCompetition(entries, seedFor(1), beacon, 2, testDrandChain)

  it('passes a draw signed with the test key, marked as on the TEST chain', () => {
    const result = verifyDraw(recordedWithTimes(events, beacon.round, testDrandChain), jsDrawCrypto)
    expect(result).toMatchObject({ verdict: 'PASS', testChain: true, drandSignature: 'verified' })
    expect(
      verifyDraw(recorded(completedCompetition(entries, seedFor(1), quicknetBeacon)), jsDrawCrypto),
    ).not.toHaveProperty('testChain')
  })

  it("fails a signature that is not the test key's on the sealed round", () => {
    const bad = tampered(events, 'DrawCompleted', (e) => ({
      ...e,
      data: {
        ...e.data,
        publicRandomness: { ...e.data.publicRandomness, signature: signedBeacon(beacon.round + 1).signature },
      },
    }))
    expect(verifyDraw(bad.events, jsDrawCrypto)).toMatchObject({
      verdict: 'FAIL',
      testChain: true,
      mismatch: { check: 'drand signature', event: { type: 'DrawCompleted', revision: bad.revision } },
    })
  })
})

describe('verifyDraw on the times recorded', () => {
  const events = completedCompetition(entries, seedFor(1), quicknetBeacon)
  const { closeAt, drawAt } = timesAround(quicknetBeacon.round)
  const published = roundTime(quicknetBeacon.round).toISOString()
  /** The stream with the close and the draw recorded at the given times. */
  const timed = (closed: Date, drawn: Date) =>
    recorded(events).map((event) => {
      if (event.type === 'CompetitionClosed') return { ...event, occurredAt: closed.toISOString() }
      if (event.type === 'DrawCompleted') return { ...event, occurredAt: drawn.toISOString() }
      return event
    })

  it('passes a round published after the seal and before the draw', () => {
    const result = verifyDraw(timed(closeAt, drawAt), jsDrawCrypto)
    expect(result.verdict).toBe('PASS')
    expect(result.steps.find((step) => step.check === 'round timing')?.detail).toBe(
      `drand round ${quicknetBeacon.round} was published at ${published}, after the seal at ${closeAt.toISOString()}, before the draw at ${drawAt.toISOString()}`,
    )
  })

  it("fails a draw recorded before its round was published: the value cannot have been drand's", () => {
    const early = new Date(roundTime(quicknetBeacon.round).getTime() - 1000)
    expect(verifyDraw(timed(closeAt, early), jsDrawCrypto)).toMatchObject({
      verdict: 'FAIL',
      mismatch: { check: 'round timing', detail: expect.stringContaining('before drand published round') },
    })
  })

  it('fails a seal made once its round was already published', () => {
    const late = new Date(roundTime(quicknetBeacon.round).getTime())
    expect(verifyDraw(timed(late, drawAt), jsDrawCrypto)).toMatchObject({
      verdict: 'FAIL',
      mismatch: { check: 'round timing', detail: expect.stringContaining('before the list was sealed') },
    })
  })
})

describe('a pool of skill questions (issue 24)', () => {
  const capital = {
    question: 'Which is the capital of Australia?',
    options: ['Sydney', 'Canberra', 'Perth', 'Hobart'],
    correct: 'Canberra',
  }
  /** u-other answered question 2 of the pool, "Canberra": right, as its allocation says. */
  function pooled(answer: string): CompetitionEvent[] {
    return completedCompetition(entries, seedFor(1)).map((event): CompetitionEvent => {
      if (event.type === 'CompetitionCreated') {
        return {
          ...event,
          data: { ...event.data, details: { ...event.data.details, extraSkillQuestions: [capital] } },
        }
      }
      if (
        (event.type === 'TicketsReserved' || event.type === 'TicketsAllocated') &&
        event.data.userId === 'u-other'
      ) {
        return { ...event, data: { ...event.data, answer, questionIndex: 1 } } as CompetitionEvent
      }
      return event
    })
  }

  it('checks each answer against the question its entry was given', () => {
    // Every check holds; the fixture's randomness carries no drand signature, so not PASS but UNVERIFIED.
    const result = verifyDraw(recorded(pooled('Canberra')), jsDrawCrypto)
    expect(result.mismatch).toBeUndefined()
    expect(result.verdict).toBe('UNVERIFIED')
  })

  it('names an allocation marked correct for the first question’s answer to another question', () => {
    const result = verifyDraw(recorded(pooled('4')), jsDrawCrypto)
    expect(result.verdict).toBe('FAIL')
    expect(result.mismatch).toMatchObject({ check: 'answer marked as given' })
  })
})
