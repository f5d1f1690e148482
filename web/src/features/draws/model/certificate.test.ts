import type { CertificateEvent } from '@prizes/contracts'
import { describe, expect, test } from 'vitest'
import {
  completedCompetition,
  quicknetBeacon,
  quicknetBeacons,
  randomnessValue,
  recorded,
  seedFor,
} from '../../../../../domain/src/draw/test-fixtures'
import { describeEvent, randomnessStatus, stepLabel, verifyCertificate } from './certificate'

/**
 * The events as GET /api/draws/:id/certificate sends them (JSON, with an occurredAt): drawn
 * with a value entered without a signature, or with a published drand beacon.
 */
function certificateEvents(beacon?: typeof quicknetBeacon): CertificateEvent[] {
  const events = completedCompetition([{ userId: 'u-1', quantity: 3, answer: '4' }], seedFor(0), beacon)
  return recorded(events).map((e) => ({
    type: e.type,
    revision: Number(e.revision),
    data: structuredClone(e.data),
    occurredAt: '2030-01-10T12:00:00.000Z',
  }))
}

const withData = (events: CertificateEvent[], type: string, change: (data: object) => unknown) =>
  events.map((e) =>
    e.type === type && typeof e.data === 'object' && e.data ? { ...e, data: change(e.data) } : e,
  )

describe('verifyCertificate', () => {
  test('PASSes on the events of a fair draw and reports what was checked', () => {
    const result = verifyCertificate(certificateEvents())
    expect(result.mismatch).toBeUndefined()
    expect(result.verdict).toBe('PASS')
    expect(result.steps.length).toBeGreaterThan(0)
    expect(result.steps.every((s) => s.ok)).toBe(true)
    expect(result.seed).toBe(seedFor(0))
    expect(result.publicRandomness).toEqual({ source: 'drand', round: 1000, value: randomnessValue(0) })
    expect(result.winner?.userId).toBe('u-1')
  })

  test('shows a value entered without a signature as unverified, a step apart from the passes', () => {
    const result = verifyCertificate(certificateEvents())
    const drand = result.steps.find((s) => s.check === 'drand signature')
    expect(drand && stepLabel(drand)).toBe('Unverified')
    expect(result.steps.filter((s) => stepLabel(s) === 'Unverified')).toHaveLength(1)
    expect(randomnessStatus(result)).toMatch(/^Unverified \(no signature\)/)
  })

  test("checks drand's signature on a published quicknet beacon in the browser", () => {
    const result = verifyCertificate(certificateEvents(quicknetBeacon))
    expect(result.verdict).toBe('PASS')
    expect(result.steps.map(stepLabel)).not.toContain('Unverified')
    expect(result.steps.map((s) => s.check)).toEqual(
      expect.arrayContaining(['drand signature', 'drand randomness']),
    )
    expect(result.publicRandomness?.signature).toBe(quicknetBeacon.signature)
    expect(randomnessStatus(result)).toMatch(/^Verified/)
  })

  test("FAILs naming the drand signature step when the signature is not drand's for the round", () => {
    const events = withData(certificateEvents(quicknetBeacon), 'DrawCompleted', (data) => ({
      ...data,
      publicRandomness: {
        ...(data as { publicRandomness: object }).publicRandomness,
        signature: quicknetBeacons[3].signature,
      },
    }))
    const result = verifyCertificate(events)
    expect(result.verdict).toBe('FAIL')
    expect(result.mismatch).toMatchObject({ check: 'drand signature', event: { type: 'DrawCompleted' } })
    expect(result.mismatch && stepLabel(result.mismatch)).toBe('Fail')
  })

  test('FAILs naming the event when the revealed seed does not match the commitment', () => {
    const events = withData(certificateEvents(), 'DrawCompleted', (data) => ({ ...data, seed: seedFor(1) }))
    const result = verifyCertificate(events)
    expect(result.verdict).toBe('FAIL')
    expect(result.mismatch?.event?.type).toBe('DrawCompleted')
    expect(result.steps.at(-1)).toEqual(result.mismatch)
  })

  test('FAILs, not throws, when an event does not match its schema', () => {
    const events = withData(certificateEvents(), 'CompetitionPublished', () => ({ nonsense: true }))
    const result = verifyCertificate(events)
    expect(result.verdict).toBe('FAIL')
    expect(result.mismatch?.event).toEqual({ type: 'CompetitionPublished', revision: '1' })
  })

  test('FAILs when the stream holds no completed draw', () => {
    const events = certificateEvents().filter((e) => e.type !== 'DrawCompleted')
    expect(verifyCertificate(events).verdict).toBe('FAIL')
  })
})

test('describeEvent', () => {
  expect(describeEvent({ type: 'CompetitionClosed', revision: '7' })).toBe('CompetitionClosed, revision 7')
  expect(describeEvent(undefined)).toBe('the stream as a whole')
})
