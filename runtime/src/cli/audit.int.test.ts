import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  closeCompetition,
  completeDraw,
  createCommandHandler,
  createCompetition,
  createInMemoryDrawSeeds,
  publishCompetition,
  startDraw,
} from '@prizes/command-service'
import { type CompetitionDetails, competitionStream } from '@prizes/contracts'
import {
  type DrandChain,
  jsDrawCrypto,
  quicknet,
  testChainNotice,
  testDrandChain,
  verifyPublicCertificate,
} from '@prizes/domain'
import { quicknetBeacon, quicknetBeacons, signedBeacon, timesAround } from '@prizes/domain/testing'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createLogger } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAuditArgs, runAudit } from './audit'

const logger = createLogger({ level: 'silent' })
const now = new Date('2030-01-10T12:00:00.000Z')
const context = { actor: { userId: 'admin-1', role: 'admin' as const }, now }
const details: CompetitionDetails = {
  title: 'Win a campervan',
  description: 'A restored 1972 campervan.',
  prize: 'VW T2 campervan',
  prizeValuePence: 3_500_000,
  entryPricePence: 250,
  totalTickets: 5000,
  location: 'UK Wide',
  startDate: '2030-01-01T00:00:00.000Z',
  endDate: '2030-02-01T00:00:00.000Z',
  imageUrl: null,
  skillQuestion: { question: '2 + 2?', options: ['3', '4', '5', '6'], correct: '4' },
}

const databases: TestDatabase[] = []
const stores: PostgresEventStore[] = []

async function freshStore(label: string) {
  const database = await createTestDatabase(label)
  const store = createPostgresEventStore({ connectionString: database.url, logger })
  await store.migrate()
  databases.push(database)
  stores.push(store)
  return store
}

const allocation = (i: number, userId: string, answer: string, ticketNumbers: number[]) => {
  const ids = { entryId: `00000000-0000-4000-8000-00000000000${i}`, userId, answer, amountPence: 250 }
  return [
    {
      type: 'TicketsReserved',
      data: {
        ...ids,
        quantity: ticketNumbers.length,
        paymentIntentId: `pi_${i}`,
        expiresAt: '2030-01-10T12:15:00.000Z',
      },
    },
    {
      type: 'TicketsAllocated',
      data: {
        ...ids,
        ticketNumbers,
        entryReference: `CMP-2030-00000${i}`,
        answerCorrect: answer === '4',
        paymentIntentId: `pi_${i}`,
      },
    },
  ]
}

let original: PostgresEventStore
let competitionId: string
/** Drawn on a published quicknet beacon, its signature recorded. */
let signedId: string
/** Sealed on the TEST drand chain (TEST MODE) and drawn on its round signed with the test key. */
let testChainId: string

/** A competition entered, closed on `round` (or the default round of `chain`) and ready to draw. */
async function closedCompetition(
  store: PostgresEventStore,
  seeds: ReturnType<typeof createInMemoryDrawSeeds>,
  round?: number,
  chain: DrandChain = quicknet,
) {
  const handler = createCommandHandler({ store, logger })
  const { competitionId } = await createCompetition(handler, { details }, context)
  await publishCompetition(handler, { competitionId }, context, seeds)
  const entries = [
    ...allocation(1, 'u-1', '4', [1, 2]),
    ...allocation(2, 'u-2', '5', [3]),
    ...allocation(3, 'u-3', '4', [4, 5]),
  ]
  await store.append(
    competitionStream(competitionId),
    entries.map((e) => ({ type: e.type, data: { competitionId, ...e.data } })),
    { expectedRevision: 'any' },
  )
  const randomness = round ? { source: 'drand' as const, chainHash: chain.chainHash, round } : undefined
  // A named round is sealed a minute before drand publishes it.
  const closeContext = round ? { ...context, now: timesAround(round, chain).closeAt } : context
  const closed = await closeCompetition(
    handler,
    randomness ? { competitionId, reason: 'sold_out', randomness } : { competitionId, reason: 'sold_out' },
    closeContext,
    chain,
  )
  await startDraw(handler, { competitionId }, closeContext, chain)
  const sealedRound = closed.state.exists ? (closed.state.sealed?.randomness.round ?? 0) : 0
  /** Once drand has published the sealed round. */
  const drawContext = { ...context, now: timesAround(sealedRound, chain).drawAt }
  return { handler, competitionId, round: sealedRound, drawContext }
}

beforeAll(async () => {
  original = await freshStore('audit_original')
  const seeds = createInMemoryDrawSeeds()
  const unsigned = await closedCompetition(original, seeds)
  competitionId = unsigned.competitionId
  const publicRandomness = { source: 'drand' as const, round: unsigned.round, value: 'ef'.repeat(32) }
  await completeDraw(unsigned.handler, { competitionId, publicRandomness }, unsigned.drawContext, { seeds })

  const signed = await closedCompetition(original, seeds, quicknetBeacon.round)
  signedId = signed.competitionId
  const { round, randomness: value, signature } = quicknetBeacon
  await completeDraw(
    signed.handler,
    { competitionId: signedId, publicRandomness: { source: 'drand', round, value, signature } },
    signed.drawContext,
    { seeds },
  )

  const onTestChain = await closedCompetition(original, seeds, undefined, testDrandChain)
  testChainId = onTestChain.competitionId
  const beacon = signedBeacon(onTestChain.round)
  const testSigned = { round: beacon.round, value: beacon.randomness, signature: beacon.signature }
  await completeDraw(
    onTestChain.handler,
    { competitionId: testChainId, publicRandomness: { source: 'drand', ...testSigned } },
    onTestChain.drawContext,
    { seeds, drandChain: testDrandChain },
  )
})

/** A fresh store holding the competition's stream (times kept) with `change` applied to its events. */
async function tamperedCopy(label: string, id: string, change: (type: string, data: object) => object) {
  const copy = await freshStore(label)
  const recorded = await original.readStream(competitionStream(id))
  await copy.append(
    competitionStream(id),
    recorded.map((e) => ({ type: e.type, data: change(e.type, e.data as object), metadata: e.metadata })),
    { expectedRevision: 'noStream' },
  )
  return { copy, recorded }
}

afterAll(async () => {
  for (const store of stores) await store.close()
  for (const database of databases) await database.drop()
})

describe('npm run audit', () => {
  it('says UNVERIFIED for a value entered without a signature and exits 2, or 0 with --allow-unverified; writes the public certificate', async () => {
    const lines: string[] = []
    const jsonPath = path.join(await mkdtemp(path.join(tmpdir(), 'audit-')), 'certificate.json')
    const code = await runAudit({
      store: original,
      competitionId,
      jsonPath,
      print: (line) => lines.push(line),
    })
    expect(code).toBe(2)
    expect(lines).toContain(
      'UNVERIFIED (no drand signature was recorded, so the randomness rests on the record alone); every other check holds',
    )
    expect(lines).not.toContain('PASS')
    expect(lines.some((line) => line.startsWith('✓ seal: 4 eligible tickets'))).toBe(true)
    expect(lines.some((line) => line.startsWith('✓ round timing'))).toBe(true)
    expect(lines.some((line) => line.startsWith('⚠ drand signature: Unverified'))).toBe(true)
    const text = await readFile(jsonPath, 'utf8')
    const written = JSON.parse(text)
    expect(written).toMatchObject({
      certificate: {
        competitionId,
        seal: { listVersion: 2, eligibleTickets: 4 },
        entries: [
          { entryReference: 'CMP-2030-000001', ticketNumbers: [1, 2] },
          { entryReference: 'CMP-2030-000003', ticketNumbers: [4, 5] },
        ],
        draw: { publicRandomness: { value: 'ef'.repeat(32) } },
      },
      randomness: 'unverified',
      verdict: 'UNVERIFIED',
    })
    expect(written.certificate.draw.seed).toMatch(/^[0-9a-f]{64}$/)
    // The file is the public certificate: no one's identity, payment, amount or answer.
    expect(text).not.toMatch(/u-1|u-2|u-3|pi_|00000000-0000-4000|amount|answer/)
    // It is what the browser checks, and the browser reaches the same verdict.
    expect(verifyPublicCertificate(written.certificate, jsDrawCrypto).verdict).toBe('UNVERIFIED')

    const allowed: string[] = []
    expect(
      await runAudit({
        store: original,
        competitionId,
        allowUnverified: true,
        print: (l) => allowed.push(l),
      }),
    ).toBe(0)
    expect(allowed.at(-1)).toBe('Accepted as unverified (--allow-unverified)')
  })

  it("checks drand's signature on a draw that recorded one, and fails a copy whose signature was swapped", async () => {
    const lines: string[] = []
    const jsonPath = path.join(await mkdtemp(path.join(tmpdir(), 'audit-')), 'certificate.json')
    expect(
      await runAudit({ store: original, competitionId: signedId, jsonPath, print: (l) => lines.push(l) }),
    ).toBe(0)
    expect(lines.at(-2)).toBe('PASS')
    expect(
      lines.some((line) =>
        line.startsWith(`✓ drand signature: drand's BLS signature on round ${quicknetBeacon.round}`),
      ),
    ).toBe(true)
    expect(lines.some((line) => line.startsWith('✓ drand randomness'))).toBe(true)
    expect(JSON.parse(await readFile(jsonPath, 'utf8'))).toMatchObject({
      certificate: { draw: { publicRandomness: { signature: quicknetBeacon.signature } } },
      randomness: 'verified',
      testChain: false,
      verdict: 'PASS',
    })

    const { copy, recorded } = await tamperedCopy('audit_signature', signedId, (type, data) =>
      type === 'DrawCompleted'
        ? {
            ...data,
            publicRandomness: {
              ...(data as { publicRandomness: object }).publicRandomness,
              signature: quicknetBeacons[3].signature,
            },
          }
        : data,
    )
    const failed: string[] = []
    expect(await runAudit({ store: copy, competitionId: signedId, print: (l) => failed.push(l) })).toBe(1)
    const completed = recorded.find((e) => e.type === 'DrawCompleted')
    expect(failed.at(-2)).toMatch(/^✗ drand signature: /)
    expect(failed.at(-1)).toMatch(
      new RegExp(
        `^FAIL: The signature is not drand's for round ${quicknetBeacon.round}: .* at DrawCompleted revision ${completed?.revision}$`,
      ),
    )
  })

  it('passes a draw on the TEST chain saying TEST MODE on the verdict line and in the file, exits 2 not 0, and fails a wrong test-key signature', async () => {
    const lines: string[] = []
    const jsonPath = path.join(await mkdtemp(path.join(tmpdir(), 'audit-')), 'certificate.json')
    expect(
      await runAudit({ store: original, competitionId: testChainId, jsonPath, print: (l) => lines.push(l) }),
    ).toBe(2)
    expect(lines.at(-2)).toBe(`PASS on the TEST drand chain only (exit code 2, not 0): ${testChainNotice}`)
    expect(
      lines.some((line) => line.startsWith("✓ drand signature: The TEST drand chain's BLS signature")),
    ).toBe(true)
    const written = JSON.parse(await readFile(jsonPath, 'utf8'))
    expect(written).toMatchObject({
      certificate: { seal: { randomness: { chainHash: testDrandChain.chainHash } } },
      randomness: 'verified',
      testChain: true,
      verdict: 'PASS',
    })
    expect(verifyPublicCertificate(written.certificate, jsDrawCrypto)).toMatchObject({
      verdict: 'PASS',
      testChain: true,
    })

    const { copy } = await tamperedCopy('audit_test_chain', testChainId, (type, data) => {
      if (type !== 'DrawCompleted') return data
      const { publicRandomness } = data as { publicRandomness: { round: number } }
      const signature = signedBeacon(publicRandomness.round + 1).signature
      return { ...data, publicRandomness: { ...publicRandomness, signature } }
    })
    const failed: string[] = []
    expect(await runAudit({ store: copy, competitionId: testChainId, print: (l) => failed.push(l) })).toBe(1)
    expect(failed.at(-2)).toMatch(/^✗ drand signature: /)
  })

  it('exits 2 for a TEST chain draw recorded without a signature, even with --allow-unverified', async () => {
    const { copy } = await tamperedCopy('audit_test_chain_unsigned', testChainId, (type, data) => {
      if (type !== 'DrawCompleted') return data
      const { publicRandomness } = data as { publicRandomness: { signature?: string } }
      const { signature: _dropped, ...unsigned } = publicRandomness
      return { ...data, publicRandomness: unsigned }
    })
    const lines: string[] = []
    const audit = { store: copy, competitionId: testChainId, print: (l: string) => lines.push(l) }
    expect(await runAudit({ ...audit, allowUnverified: true })).toBe(2)
    expect(lines.at(-1)).toBe(
      `UNVERIFIED (no drand signature was recorded, so the randomness rests on the record alone); every other check holds; sealed on the TEST drand chain (${testChainNotice})`,
    )
    expect(lines).not.toContain('Accepted as unverified (--allow-unverified)')
  })

  it('fails on a copy with one TicketsAllocated changed, naming that event', async () => {
    const copy = await freshStore('audit_tampered')
    const recorded = await original.readStream(competitionStream(competitionId))
    const target = recorded.find(
      (e) => e.type === 'TicketsAllocated' && (e.data as { userId: string }).userId === 'u-2',
    )
    expect(target).toBeDefined()
    await copy.append(
      competitionStream(competitionId),
      recorded.map((e) =>
        e === target
          ? { type: e.type, data: { ...(e.data as object), answerCorrect: true }, metadata: e.metadata }
          : { type: e.type, data: e.data, metadata: e.metadata },
      ),
      { expectedRevision: 'noStream' },
    )
    const lines: string[] = []
    const code = await runAudit({ store: copy, competitionId, print: (line) => lines.push(line) })
    expect(code).toBe(1)
    expect(lines.at(-1)).toBe(
      `FAIL: answerCorrect is true for the answer "5", expected false at TicketsAllocated revision ${target?.revision}`,
    )
  })

  it('reports a competition that is not in the store', async () => {
    const lines: string[] = []
    expect(
      await runAudit({ store: original, competitionId: 'nope', print: (line) => lines.push(line) }),
    ).toBe(1)
    expect(lines).toEqual(['No competition nope in the event store'])
  })

  it('reads its arguments', () => {
    expect(parseAuditArgs(['c-1'])).toEqual({ competitionId: 'c-1' })
    expect(parseAuditArgs(['c-1', '--json', 'out.json'])).toEqual({
      competitionId: 'c-1',
      jsonPath: 'out.json',
    })
    expect(parseAuditArgs(['c-1', '--allow-unverified', '--json', 'out.json'])).toEqual({
      competitionId: 'c-1',
      jsonPath: 'out.json',
      allowUnverified: true,
    })
    expect(() => parseAuditArgs([])).toThrow('Usage')
    // The usage is the CLI's help: it names every exit code.
    expect(() => parseAuditArgs(['--help'])).toThrow(
      /Exit codes:\n {2}0 {2}PASS[\s\S]*\n {2}1 {2}FAIL[\s\S]*\n {2}2 {2}UNVERIFIED[\s\S]*TEST drand chain/,
    )
    expect(() => parseAuditArgs(['c-1', '--json'])).toThrow('Usage')
    expect(() => parseAuditArgs(['c-1', '--json', '--allow-unverified'])).toThrow('Usage')
    expect(() => parseAuditArgs(['c-1', '--allow-unverified', '--allow-unverified'])).toThrow('Usage')
    expect(() => parseAuditArgs(['c-1', 'extra'])).toThrow('Usage')
  })
})
