import type { SealedRandomness } from '@prizes/contracts'
import {
  type DrandChain,
  drandRound,
  InvalidDrawInput,
  NoEligibleTickets,
  quicknet,
  RandomnessNotSealed,
  RandomnessNotYetPublished,
  roundTime,
  SeedDoesNotMatchCommitment,
  testDrandChain,
  verifyDraw,
} from '@prizes/domain'
import { quicknetBeacon, quicknetBeacons, signedBeacon, timesAround } from '@prizes/domain/testing'
import { createInMemoryEventStore } from '@prizes/event-store/testing'
import { describe, expect, it } from 'vitest'
import { createCommandHandler } from '../command-handler'
import { mapCommandError } from '../errors'
import { adminContext, details, silentLogger } from '../testing/fixtures'
import { createCompetition, publishCompetition } from './commands'
import { drandChainOf, drandRoundUrl } from './drand'
import { loadDrawEvents } from './draw-events'
import { createInMemoryDrawSeeds } from './draw-seeds'
import {
  cancelCompetition,
  closeCompetition,
  completeDraw,
  DrawSeedMissing,
  deleteCompetition,
  drandMargin,
  PublicRandomnessRequired,
  startDraw,
  TestChainDrawRefused,
  UnverifiedRandomnessRefused,
} from './lifecycle'
import { nodeDrawCrypto } from './node-draw-crypto'

/** Closed on `randomness`, or on the round of `chain` named by the close, and drawing. */
async function closedCompetition(randomness?: SealedRandomness, chain: DrandChain = quicknet) {
  const store = createInMemoryEventStore()
  const handler = createCommandHandler({ store, logger: silentLogger })
  const seeds = createInMemoryDrawSeeds()
  const { competitionId } = await createCompetition(handler, { details }, adminContext)
  await publishCompetition(handler, { competitionId }, adminContext, seeds)
  await store.append(
    `competition-${competitionId}`,
    [
      {
        type: 'TicketsReserved',
        data: {
          competitionId,
          entryId: '00000000-0000-4000-8000-000000000001',
          userId: 'u-1',
          quantity: 2,
          amountPence: 500,
          paymentIntentId: null,
          answer: '4',
          expiresAt: '2030-01-10T12:15:00.000Z',
        },
      },
      {
        type: 'TicketsAllocated',
        data: {
          competitionId,
          entryId: '00000000-0000-4000-8000-000000000001',
          userId: 'u-1',
          ticketNumbers: [1, 2],
          entryReference: 'CMP-2030-000001',
          answer: '4',
          answerCorrect: true,
          amountPence: 500,
          paymentIntentId: null,
        },
      },
    ],
    { expectedRevision: 'any' },
  )
  // A named round is closed on a minute before it is published; the default round is named by the close.
  const closeContext = randomness
    ? { ...adminContext, now: timesAround(randomness.round, chain).closeAt }
    : adminContext
  const closed = await closeCompetition(
    handler,
    randomness ? { competitionId, reason: 'end_date', randomness } : { competitionId, reason: 'end_date' },
    closeContext,
    chain,
  )
  const round = closed.state.exists ? (closed.state.sealed?.randomness.round ?? 1) : 1
  /** Just after the sealed round is published. */
  const drawContext = { ...adminContext, now: timesAround(round, chain).drawAt }
  await startDraw(handler, { competitionId }, closeContext, chain)
  return { store, handler, seeds, competitionId, closed, round, drawContext }
}

/** A drand relay answering `answer` to every request, recording the URLs asked. */
function relay(answer: object) {
  const asked: string[] = []
  const answering = async (url: string) => {
    asked.push(url)
    return Response.json(answer)
  }
  return { fetch: answering as unknown as typeof globalThis.fetch, asked }
}

/** Sealed on quicknet for the round of the published beacon the tests have. */
const sealedOnBeacon: SealedRandomness = {
  source: 'drand',
  chainHash: quicknet.chainHash,
  round: quicknetBeacon.round,
}

describe('the lifecycle use cases', () => {
  it('names the quicknet round a minute after the close', async () => {
    const { closed } = await closedCompetition()
    const round = drandRound(new Date(adminContext.now.getTime() + drandMargin))
    expect(closed.events[0]).toMatchObject({
      type: 'CompetitionClosed',
      data: { reason: 'end_date', randomness: { source: 'drand', round }, seal: { eligibleTickets: 2 } },
    })
  })

  it('fetches the sealed round and its signature from DRAND_URL when the caller gives none, and the stream verifies', async () => {
    const { store, handler, seeds, competitionId, drawContext } = await closedCompetition(sealedOnBeacon)
    const { fetch, asked } = relay(quicknetBeacon)
    const done = await completeDraw(handler, { competitionId }, drawContext, {
      seeds,
      handler,
      drandUrls: ['https://drand.example/'],
      fetch,
    })
    // A bare relay gets the quicknet chain's path: its unprefixed paths serve another chain.
    expect(asked).toEqual([`https://drand.example/${quicknet.chainHash}/public/${quicknetBeacon.round}`])
    const { round, randomness: value, signature } = quicknetBeacon
    expect(done.events[0]).toMatchObject({
      type: 'DrawCompleted',
      data: { publicRandomness: { source: 'drand', round, value, signature }, winnerUserId: 'u-1' },
    })
    expect(verifyDraw(await loadDrawEvents(store, competitionId), nodeDrawCrypto)).toMatchObject({
      verdict: 'PASS',
      drandSignature: 'verified',
    })
  })

  it('on the TEST chain (DRAND_CHAIN=test), seals its round, fetches it from its path, and the stream verifies as on the TEST chain', async () => {
    const { store, handler, seeds, competitionId, closed, round, drawContext } = await closedCompetition(
      undefined,
      drandChainOf('test'),
    )
    const named = drandRound(new Date(adminContext.now.getTime() + drandMargin), testDrandChain)
    expect(round).toBe(named)
    expect(closed.events[0]).toMatchObject({
      data: { randomness: { source: 'drand', chainHash: testDrandChain.chainHash, round } },
    })
    const beacon = signedBeacon(round)
    const { fetch, asked } = relay(beacon)
    const done = await completeDraw(handler, { competitionId }, drawContext, {
      seeds,
      handler,
      drandUrls: ['http://127.0.0.1:9'],
      drandChain: testDrandChain,
      fetch,
    })
    expect(asked).toEqual([`http://127.0.0.1:9/${testDrandChain.chainHash}/public/${round}`])
    expect(done.events[0]).toMatchObject({
      data: { publicRandomness: { round, value: beacon.randomness, signature: beacon.signature } },
    })
    expect(verifyDraw(await loadDrawEvents(store, competitionId), nodeDrawCrypto)).toMatchObject({
      verdict: 'PASS',
      testChain: true,
    })
    // A round signed with another key than the TEST chain's is not taken from the relay.
    const again = await closedCompetition(undefined, testDrandChain)
    const forged = signedBeacon(again.round, `${'ab'.repeat(31)}01`)
    await expect(
      completeDraw(again.handler, { competitionId: again.competitionId }, again.drawContext, {
        seeds: again.seeds,
        handler: again.handler,
        drandUrls: ['http://127.0.0.1:9'],
        drandChain: testDrandChain,
        fetch: relay(forged).fetch,
      }),
    ).rejects.toThrow(expect.objectContaining({ code: 'PUBLIC_RANDOMNESS_REQUIRED' }))
  })

  it("derives the value from the signature when drand's answer leaves it out (the v2 API)", async () => {
    const { handler, seeds, competitionId, drawContext } = await closedCompetition(sealedOnBeacon)
    const { round, signature } = quicknetBeacon
    const done = await completeDraw(handler, { competitionId }, drawContext, {
      seeds,
      handler,
      drandUrls: ['https://drand.example'],
      fetch: relay({ round, signature }).fetch,
    })
    expect(done.events[0]).toMatchObject({
      data: { publicRandomness: { round, value: quicknetBeacon.randomness, signature } },
    })
  })

  it("asks for the randomness when DRAND_URL answers a signature that is not the chain's on the round", async () => {
    const { handler, seeds, competitionId, drawContext } = await closedCompetition(sealedOnBeacon)
    const answers = [
      { ...quicknetBeacon, signature: quicknetBeacons[3].signature },
      { ...quicknetBeacon, randomness: 'cd'.repeat(32) },
      { round: quicknetBeacon.round, randomness: 'cd'.repeat(32) },
      { round: quicknetBeacon.round, randomness: 'cd'.repeat(32), signature: 'ab' },
    ]
    for (const answer of answers) {
      await expect(
        completeDraw(handler, { competitionId }, drawContext, {
          seeds,
          handler,
          drandUrls: ['https://drand.example'],
          fetch: relay(answer).fetch,
        }),
      ).rejects.toThrow(expect.objectContaining({ code: 'PUBLIC_RANDOMNESS_REQUIRED' }))
    }
  })

  it("records an admin's value with drand's signature, and refuses a signature that is not drand's", async () => {
    const { store, handler, seeds, competitionId, drawContext } = await closedCompetition(sealedOnBeacon)
    const { round, randomness: value, signature } = quicknetBeacon
    const forged = { source: 'drand' as const, round, value, signature: quicknetBeacons[2].signature }
    const refusal = await completeDraw(handler, { competitionId, publicRandomness: forged }, drawContext, {
      seeds,
    }).catch((error: unknown) => error)
    expect(refusal).toMatchObject({ code: 'INVALID_DRAW_INPUT', field: 'publicRandomness' })
    expect(mapCommandError(refusal)).toMatchObject({
      status: 400,
      fieldErrors: { publicRandomness: [expect.stringContaining(`not drand's for round ${round}`)] },
    })
    const publicRandomness = { source: 'drand' as const, round, value, signature }
    const done = await completeDraw(handler, { competitionId, publicRandomness }, drawContext, { seeds })
    expect(done.events[0]).toMatchObject({ data: { publicRandomness } })
    expect(verifyDraw(await loadDrawEvents(store, competitionId), nodeDrawCrypto).drandSignature).toBe(
      'verified',
    )
  })

  it('asks for the randomness when drand is not configured or answers another round', async () => {
    const { handler, seeds, competitionId, drawContext } = await closedCompetition()
    await expect(completeDraw(handler, { competitionId }, drawContext, { seeds, handler })).rejects.toThrow(
      expect.objectContaining({ code: 'PUBLIC_RANDOMNESS_REQUIRED' }),
    )
    await expect(
      completeDraw(handler, { competitionId }, drawContext, {
        seeds,
        handler,
        drandUrls: ['https://x'],
        fetch: relay(quicknetBeacons[2]).fetch,
      }),
    ).rejects.toThrow(expect.objectContaining({ code: 'PUBLIC_RANDOMNESS_REQUIRED' }))
  })

  it("refuses a value without drand's signature when DRAND_URL is set", async () => {
    const { handler, seeds, competitionId, drawContext } = await closedCompetition(sealedOnBeacon)
    const { round, randomness: value } = quicknetBeacon
    const { fetch, asked } = relay(quicknetBeacon)
    const refusal = await completeDraw(
      handler,
      { competitionId, publicRandomness: { source: 'drand', round, value } },
      drawContext,
      { seeds, handler, drandUrls: ['https://drand.example'], fetch },
    ).catch((error: unknown) => error)
    expect(refusal).toMatchObject({ code: 'INVALID_DRAW_INPUT', field: 'publicRandomness' })
    expect(mapCommandError(refusal)).toMatchObject({
      status: 400,
      message: expect.stringContaining("must come with drand's signature"),
    })
    expect(asked).toEqual([])
  })

  it('says when the sealed round is published rather than asking drand or the admin for it early', async () => {
    const { handler, seeds, competitionId, round } = await closedCompetition(sealedOnBeacon)
    const { fetch, asked } = relay(quicknetBeacon)
    const early = { ...adminContext, now: new Date(roundTime(round).getTime() - 1000) }
    const deps = { seeds, handler, drandUrls: ['https://drand.example'], fetch }
    const refusal = await completeDraw(handler, { competitionId }, early, deps).catch(
      (error: unknown) => error,
    )
    expect(refusal).toBeInstanceOf(RandomnessNotYetPublished)
    expect(mapCommandError(refusal)).toMatchObject({
      status: 409,
      code: 'RANDOMNESS_NOT_YET_PUBLISHED',
      message: expect.stringContaining(
        `drand round ${round} is published at ${roundTime(round).toISOString()}`,
      ),
    })
    expect(asked).toEqual([])
  })

  it('refuses to draw without the stored seed', async () => {
    const { handler, competitionId, drawContext } = await closedCompetition()
    const publicRandomness = { source: 'drand' as const, round: 1, value: 'ab' }
    await expect(
      completeDraw(handler, { competitionId, publicRandomness }, drawContext, {
        seeds: createInMemoryDrawSeeds(),
      }),
    ).rejects.toThrow(expect.objectContaining({ code: 'DRAW_SEED_MISSING' }))
  })

  it('cancels with a reason, then deletes', async () => {
    const store = createInMemoryEventStore()
    const handler = createCommandHandler({ store, logger: silentLogger })
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    await publishCompetition(handler, { competitionId }, adminContext, createInMemoryDrawSeeds())
    await expect(deleteCompetition(handler, { competitionId }, adminContext)).rejects.toThrow(
      expect.objectContaining({ code: 'INVALID_TRANSITION' }),
    )
    await cancelCompetition(handler, { competitionId, reason: 'Prize withdrawn' }, adminContext)
    const deleted = await deleteCompetition(handler, { competitionId }, adminContext)
    expect(deleted.state).toMatchObject({ status: 'deleted' })
    expect(store.all.map((e) => e.type).slice(-2)).toEqual(['CompetitionCancelled', 'CompetitionDeleted'])
  })
})

describe('the draw errors over HTTP', () => {
  it.each([
    [new SeedDoesNotMatchCommitment('c'), 409, 'SEED_DOES_NOT_MATCH_COMMITMENT'],
    [new RandomnessNotSealed(2, 1), 409, 'RANDOMNESS_NOT_SEALED'],
    [new RandomnessNotYetPublished(2, new Date(), new Date()), 409, 'RANDOMNESS_NOT_YET_PUBLISHED'],
    [new NoEligibleTickets('c'), 409, 'NO_ELIGIBLE_TICKETS'],
    [new DrawSeedMissing('c'), 409, 'DRAW_SEED_MISSING'],
    [new PublicRandomnessRequired(5), 409, 'PUBLIC_RANDOMNESS_REQUIRED'],
    [new TestChainDrawRefused('c'), 409, 'TEST_CHAIN_DRAW_REFUSED'],
    [new UnverifiedRandomnessRefused(5), 409, 'UNVERIFIED_RANDOMNESS_REFUSED'],
    [new InvalidDrawInput('seed', 'bad seed'), 400, 'VALIDATION_FAILED'],
  ])('maps %s', (error, status, code) => {
    expect(mapCommandError(error)).toMatchObject({ status, code })
  })
})

describe('drandChainOf', () => {
  it('is quicknet unless DRAND_CHAIN is test', () => {
    expect(drandChainOf('quicknet')).toBe(quicknet)
    expect(drandChainOf('test')).toBe(testDrandChain)
  })
})

describe('drandRoundUrl', () => {
  it('adds the chain to a bare relay and leaves a chain-named one as it is', () => {
    const path = `${quicknet.chainHash}/public/7`
    expect(drandRoundUrl('https://api.drand.sh', 7)).toBe(`https://api.drand.sh/${path}`)
    expect(drandRoundUrl('https://api.drand.sh//', 7)).toBe(`https://api.drand.sh/${path}`)
    expect(drandRoundUrl(`https://api.drand.sh/${quicknet.chainHash}/`, 7)).toBe(
      `https://api.drand.sh/${path}`,
    )
  })
})
