import type { PublicRandomness } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { jsDrawCrypto, toHex } from '../draw/crypto'
import { quicknet, roundTime, testDrandChain } from '../draw/drand'
import { eligibleTickets, listHash } from '../draw/eligible'
import {
  closeTime,
  commitmentOf,
  competitionId,
  details,
  entryEvents,
  type FixtureEntry,
  fixtureRound,
  quicknetBeacon,
  quicknetBeacons,
  randomnessValue,
  run,
  seedFor,
  signedBeacon,
  timesAround,
} from '../draw/test-fixtures'
import { verifyDraw } from '../draw/verify'
import { drawIndex } from '../draw/winner'
import { competitionLifecycleStatuses } from './competition.machine'
import type { CompetitionCommand } from './decide'
import { decide } from './decide'
import type { CompetitionEvent } from './events'
import { evolve, initialState } from './state'

const metadata = { now: closeTime }
/** Just after the sealed round is published: when the draw can be made. */
const drawMetadata = { now: timesAround(fixtureRound).drawAt }
const seed = seedFor(7)
const randomness = { source: 'drand' as const, round: fixtureRound }
const publicRandomness: PublicRandomness = { ...randomness, value: randomnessValue(7) }
const entries: FixtureEntry[] = [
  { userId: 'u-1', quantity: 2, answer: '4' },
  { userId: 'u-2', quantity: 3, answer: '3' },
  { userId: 'u-3', quantity: 1, answer: '4', refunded: true },
]

const created: CompetitionEvent = {
  type: 'CompetitionCreated',
  data: { competitionId, details, featured: false },
}
const published: CompetitionEvent = {
  type: 'CompetitionPublished',
  data: { competitionId, seedCommitment: commitmentOf(seed) },
}

const close: CompetitionCommand = {
  type: 'CloseCompetition',
  data: { competitionId, reason: 'sold_out', randomness },
  metadata,
}
const start: CompetitionCommand = { type: 'StartDraw', data: { competitionId }, metadata }
const complete = (
  overrides: Partial<{ seed: string; publicRandomness: typeof publicRandomness }> = {},
  at: { now: Date } = drawMetadata,
): CompetitionCommand => ({
  type: 'CompleteDraw',
  data: { competitionId, seed, publicRandomness, ...overrides },
  metadata: at,
})
const cancel: CompetitionCommand = {
  type: 'CancelCompetition',
  data: { competitionId, reason: 'Prize withdrawn' },
  metadata,
}
const remove: CompetitionCommand = { type: 'DeleteCompetition', data: { competitionId }, metadata }

const active = [created, published, ...entryEvents(entries)]
const closed = run(active, close)
const drawing = run(closed, start)
const completed = run(drawing, complete())
const cancelled = run([created], cancel)
const deleted = run(cancelled, remove)

/** The same competition with a minimum it did not reach: 6 of 10 tickets sold at the end date. */
const withMinimum: CompetitionEvent = {
  type: 'CompetitionCreated',
  data: { competitionId, details: { ...details, minimumTickets: 10 }, featured: false },
}
const atEndDate: CompetitionCommand = {
  type: 'CloseCompetition',
  data: { competitionId, reason: 'end_date', randomness },
  metadata,
}
const undersold = run([withMinimum, published, ...entryEvents(entries)], atEndDate)

const streams = { draft: [created], active, undersold, closed, drawing, completed, cancelled, deleted }

function given(events: CompetitionEvent[]) {
  const state = events.reduce(evolve, initialState)
  return {
    when: (command: CompetitionCommand) => ({
      thenEmits: (expected: CompetitionEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenFails: (expected: Record<string, unknown>) =>
        expect(() => decide(command, state)).toThrow(expect.objectContaining(expected)),
    }),
  }
}

describe('CloseCompetition', () => {
  it('closes an active competition, sealing the eligible tickets and naming the round', () => {
    const list = eligibleTickets([
      {
        entryId: active.length ? entryIdOf(active, 'u-1') : '',
        userId: 'u-1',
        entryReference: 'CMP-2030-000001',
        ticketNumbers: [1, 2],
        answerCorrect: true,
        refunded: false,
      },
    ])
    given(active)
      .when(close)
      .thenEmits([
        {
          type: 'CompetitionClosed',
          data: {
            competitionId,
            reason: 'sold_out',
            seal: { eligibleTickets: 2, listHash: listHash(list, 2, jsDrawCrypto), listVersion: 2 },
            randomness,
          },
        },
      ])
  })
})

describe('CompleteDraw', () => {
  it('reveals the seed and records the winner the algorithm draws', () => {
    const state = closed.reduce(evolve, initialState)
    const hash = state.exists && state.sealed ? state.sealed.seal.listHash : ''
    const { index, attempts } = drawIndex(
      { seed, randomness: publicRandomness.value, listHash: hash, size: 2 },
      jsDrawCrypto,
    )
    given(drawing)
      .when(complete())
      .thenEmits([
        {
          type: 'DrawCompleted',
          data: {
            competitionId,
            seed,
            publicRandomness,
            winningTicket: index + 1,
            winningEntryId: entryIdOf(active, 'u-1'),
            winnerUserId: 'u-1',
            attempts,
          },
        },
      ])
  })

  it('refuses a seed that is not the committed one, or not hex', () => {
    given(drawing)
      .when(complete({ seed: seedFor(8) }))
      .thenFails({ code: 'SEED_DOES_NOT_MATCH_COMMITMENT' })
    given(drawing)
      .when(complete({ seed: 'x' }))
      .thenFails({ code: 'INVALID_DRAW_INPUT', field: 'seed' })
    given(drawing)
      .when(complete({ publicRandomness: { ...publicRandomness, value: 'XYZ' } }))
      .thenFails({ code: 'INVALID_DRAW_INPUT', field: 'publicRandomness' })
  })

  describe("with drand's signature", () => {
    const sealedOnQuicknet = {
      source: 'drand' as const,
      chainHash: quicknet.chainHash,
      round: quicknetBeacon.round,
    }
    const { closeAt, drawAt } = timesAround(quicknetBeacon.round)
    const drawingOn = (sealed: typeof sealedOnQuicknet) =>
      run(
        run(active, { ...close, data: { ...close.data, randomness: sealed }, metadata: { now: closeAt } }),
        start,
      )
    const completeSigned = (randomness: PublicRandomness) =>
      complete({ publicRandomness: randomness }, { now: drawAt })
    const signed: PublicRandomness = {
      source: 'drand',
      round: quicknetBeacon.round,
      value: quicknetBeacon.randomness,
      signature: quicknetBeacon.signature,
    }

    it("records the signature with the value when it is drand's for the sealed round", () => {
      const drawn = run(drawingOn(sealedOnQuicknet), completeSigned(signed))
      expect(drawn.at(-1)).toMatchObject({ type: 'DrawCompleted', data: { publicRandomness: signed } })
      expect(
        verifyDraw(
          drawn.map((event, revision) => ({ ...event, revision })),
          jsDrawCrypto,
        ),
      ).toMatchObject({
        verdict: 'PASS',
        drandSignature: 'verified',
      })
    })

    it("refuses a signature that is not drand's for the round, and a value that is not sha256 of it", () => {
      const state = drawingOn(sealedOnQuicknet)
      given(state)
        .when(completeSigned({ ...signed, signature: quicknetBeacons[3].signature }))
        .thenFails({
          code: 'INVALID_DRAW_INPUT',
          field: 'publicRandomness',
          message: expect.stringContaining(`not drand's for round ${quicknetBeacon.round}`),
        })
      given(state)
        .when(completeSigned({ ...signed, signature: 'ab'.repeat(48) }))
        .thenFails({ code: 'INVALID_DRAW_INPUT', field: 'publicRandomness' })
      given(state)
        .when(completeSigned({ ...signed, value: randomnessValue(1) }))
        .thenFails({
          code: 'INVALID_DRAW_INPUT',
          field: 'publicRandomness',
          message: expect.stringContaining('sha256(signature)'),
        })
    })

    it('refuses to seal a round of a chain it cannot time or check, and to draw on one sealed so before', () => {
      const elsewhere = { ...sealedOnQuicknet, chainHash: 'dbd506d6' }
      given(active)
        .when({ ...close, data: { ...close.data, randomness: elsewhere }, metadata: { now: closeAt } })
        .thenFails({ code: 'INVALID_DRAW_INPUT', field: 'randomness' })
      const sealedElsewhere = drawingOn(sealedOnQuicknet).map(
        (e): CompetitionEvent =>
          e.type === 'CompetitionClosed' ? { ...e, data: { ...e.data, randomness: elsewhere } } : e,
      )
      given(sealedElsewhere)
        .when(completeSigned(signed))
        .thenFails({ code: 'INVALID_DRAW_INPUT', field: 'publicRandomness' })
    })

    it("on the TEST chain, takes the test key's signature on the sealed round and refuses another's", () => {
      const beacon = signedBeacon(7_000_000)
      const times = timesAround(beacon.round, testDrandChain)
      const sealed = { source: 'drand' as const, chainHash: testDrandChain.chainHash, round: beacon.round }
      const drawingOnTest = run(
        run(active, {
          ...close,
          data: { ...close.data, randomness: sealed },
          metadata: { now: times.closeAt },
        }),
        start,
      )
      const testSigned = {
        ...signed,
        round: beacon.round,
        value: beacon.randomness,
        signature: beacon.signature,
      }
      const drawn = run(drawingOnTest, complete({ publicRandomness: testSigned }, { now: times.drawAt }))
      expect(drawn.at(-1)).toMatchObject({ type: 'DrawCompleted', data: { publicRandomness: testSigned } })
      given(drawingOnTest)
        .when(
          complete(
            { publicRandomness: { ...testSigned, signature: signedBeacon(beacon.round + 1).signature } },
            { now: times.drawAt },
          ),
        )
        .thenFails({ code: 'INVALID_DRAW_INPUT', field: 'publicRandomness' })
    })
  })

  it('refuses randomness from another round than the sealed one', () => {
    given(drawing)
      .when(complete({ publicRandomness: { ...publicRandomness, round: 999 } }))
      .thenFails({ code: 'RANDOMNESS_NOT_SEALED', sealedRound: fixtureRound, givenRound: 999 })
  })
})

describe("the sealed round's time", () => {
  const published = roundTime(fixtureRound)

  it('refuses to complete the draw until the sealed round is published, with when it will be', () => {
    const early = { now: new Date(published.getTime() - 1) }
    given(drawing)
      .when(complete({}, early))
      .thenFails({
        code: 'RANDOMNESS_NOT_YET_PUBLISHED',
        round: fixtureRound,
        publishedAt: published,
        message: expect.stringContaining(
          `drand round ${fixtureRound} is published at ${published.toISOString()}`,
        ),
      })
    const state = drawing.reduce(evolve, initialState)
    expect(decide(complete({}, { now: published }), state)).toMatchObject([{ type: 'DrawCompleted' }])
  })

  it('refuses to seal a round already published: its value would be known when the list is fixed', () => {
    given(active)
      .when({ ...close, metadata: { now: published } })
      .thenFails({
        code: 'INVALID_DRAW_INPUT',
        field: 'randomness',
        message: expect.stringContaining('already known'),
      })
  })
})

describe('after the seal', () => {
  it('draws from the list as sealed: a refund after the close changes neither the draw nor its proof', () => {
    const u1 = entryIdOf(active, 'u-1')
    const refund: CompetitionEvent = {
      type: 'EntryRefunded',
      data: {
        competitionId,
        entryId: u1,
        amountPence: 500,
        paymentIntentId: 'pi_0',
        refundId: 're_late',
        reason: 'goodwill',
      },
    }
    const refundedLate = run([...drawing, refund], complete())
    expect(refundedLate.at(-1)).toEqual(completed.at(-1))
    const verified = verifyDraw(
      refundedLate.map((event, revision) => ({ ...event, revision })),
      jsDrawCrypto,
    )
    // Unverified, not failed: the value was entered without drand's signature.
    expect(verified.mismatch).toBeUndefined()
    expect(verified.verdict).toBe('UNVERIFIED')
  })
})

describe('nobody eligible', () => {
  const nobody = run(
    [created, published, ...entryEvents([{ userId: 'u-2', quantity: 1, answer: '3' }])],
    close,
  )

  it('seals an empty list, then refuses to start the draw: the competition stays closed', () => {
    const state = nobody.reduce(evolve, initialState)
    expect(state.exists && state.sealed?.seal).toEqual({
      eligibleTickets: 0,
      listHash: toHex(jsDrawCrypto.sha256(new Uint8Array())),
      listVersion: 2,
    })
    given(nobody).when(start).thenFails({ code: 'NO_ELIGIBLE_TICKETS', competitionId })
  })
})

describe('CancelCompetition and DeleteCompetition', () => {
  it('cancels a draft or an active competition with its reason', () => {
    const event = {
      type: 'CompetitionCancelled',
      data: { competitionId, reason: 'Prize withdrawn' },
    } as const
    given([created]).when(cancel).thenEmits([event])
    given(active).when(cancel).thenEmits([event])
  })

  it('asks for a reason', () => {
    given(active)
      .when({ ...cancel, data: { competitionId, reason: ' ' } } as CompetitionCommand)
      .thenFails({
        code: 'INVALID_COMPETITION_DETAILS',
        fieldErrors: { reason: ['Give a reason for cancelling'] },
      })
  })

  it('deletes a draft or a cancelled competition; later commands do not find it', () => {
    given([created])
      .when(remove)
      .thenEmits([{ type: 'CompetitionDeleted', data: { competitionId } }])
    given(cancelled)
      .when(remove)
      .thenEmits([{ type: 'CompetitionDeleted', data: { competitionId } }])
    given(deleted).when(cancel).thenFails({ code: 'COMPETITION_NOT_FOUND' })
  })
})

/** Which lifecycle command each status allows; every other pair is refused by the machine. */
const allowed: Record<string, readonly string[]> = {
  draft: ['CancelCompetition', 'DeleteCompetition'],
  active: ['CloseCompetition', 'CancelCompetition'],
  // The table's close is a sell-out's: only an admin's close (draw anyway) seals an undersold one.
  undersold: ['CancelCompetition'],
  closed: ['StartDraw'],
  drawing: ['CompleteDraw'],
  completed: [],
  cancelled: ['DeleteCompetition'],
}
const commands = [close, start, complete(), cancel, remove]

describe('every lifecycle command at every status', () => {
  for (const status of competitionLifecycleStatuses) {
    if (status === 'deleted') continue
    for (const command of commands) {
      const ok = allowed[status]?.includes(command.type) ?? false
      it(`${command.type} is ${ok ? 'allowed' : 'refused with INVALID_TRANSITION'} when ${status}`, () => {
        const state = streams[status].reduce(evolve, initialState)
        if (ok) expect(decide(command, state).length).toBe(1)
        else
          expect(() => decide(command, state)).toThrow(
            expect.objectContaining({ code: 'INVALID_TRANSITION', from: status }),
          )
      })
    }
  }

  it('does not find any command on a deleted or missing competition', () => {
    for (const command of commands) {
      given(deleted).when(command).thenFails({ code: 'COMPETITION_NOT_FOUND' })
      given([]).when(command).thenFails({ code: 'COMPETITION_NOT_FOUND' })
    }
  })
})

function entryIdOf(events: readonly CompetitionEvent[], userId: string): string {
  const allocated = events.find((e) => e.type === 'TicketsAllocated' && e.data.userId === userId)
  return allocated?.type === 'TicketsAllocated' ? allocated.data.entryId : ''
}
