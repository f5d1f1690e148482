import type { CertificateEvent } from '@prizes/contracts'
import { describe, expect, test } from 'vitest'
import {
  completedCompetition,
  randomnessValue,
  recorded,
  seedFor,
} from '../../../../../domain/src/draw/test-fixtures'
import { certificatePath, describeEvent, verifyCertificate, winnerIdentity } from './certificate'

/** The events as GET /api/draws/:id/certificate sends them (JSON, with an occurredAt). */
function certificateEvents(): CertificateEvent[] {
  const events = completedCompetition([{ userId: 'u-1', quantity: 3, answer: '4' }], seedFor(0))
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

describe('winnerIdentity', () => {
  test('shows only what is published, never inventing a name', () => {
    expect(winnerIdentity({ winnerName: null, town: null })).toBeNull()
    expect(winnerIdentity({ winnerName: 'Sam P.', town: null })).toBe('Sam P.')
    expect(winnerIdentity({ winnerName: 'Sam P.', town: 'Leeds' })).toBe('Sam P., Leeds')
    expect(winnerIdentity({ winnerName: ' ', town: 'Cork' })).toBe('Cork')
  })
})

test('describeEvent and certificatePath', () => {
  expect(describeEvent({ type: 'CompetitionClosed', revision: '7' })).toBe('CompetitionClosed, revision 7')
  expect(describeEvent(undefined)).toBe('the stream as a whole')
  expect(certificatePath('a b')).toBe('/draws/a%20b')
})
