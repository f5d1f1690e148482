import { describe, expect, it } from 'vitest'
import { publicCertificateOf, verifyPublicCertificate } from './certificate'
import { jsDrawCrypto } from './crypto'
import {
  completedCompetition,
  type FixtureEntry,
  quicknetBeacon,
  randomnessValue,
  recorded,
  recordedWithTimes,
  seedFor,
} from './test-fixtures'
import { verifyDraw } from './verify'

/** Issue 14: a postal entry is in the sealed list, drawn with the same chance, and verified alike. */
const entries: FixtureEntry[] = [
  { userId: 'u-paid', quantity: 1, answer: '4' },
  { userId: 'u-postal', quantity: 1, answer: '4', postal: true },
  { userId: 'u-postal-wrong', quantity: 1, answer: '5', postal: true },
]

describe('postal entries in the draw', () => {
  it('are sealed and can win, one ticket each like a paid ticket; a wrong postal answer never wins', () => {
    const wins = new Map<string, number>()
    for (let i = 0; i < 200; i++) {
      const events = completedCompetition(entries, seedFor(i), randomnessValue(i))
      const completed = events.at(-1)
      if (completed?.type !== 'DrawCompleted') throw new Error('no draw')
      wins.set(completed.data.winnerUserId, (wins.get(completed.data.winnerUserId) ?? 0) + 1)
      const closed = events.find((event) => event.type === 'CompetitionClosed')
      expect(closed?.type === 'CompetitionClosed' && closed.data.seal.eligibleTickets).toBe(2)
    }
    expect([...wins.keys()].sort()).toEqual(['u-paid', 'u-postal'])
    // Two tickets, the same chance: neither wins far more than half of 200 draws.
    expect(wins.get('u-postal')).toBeGreaterThan(60)
    expect(wins.get('u-paid')).toBeGreaterThan(60)
  })

  it('pass the audit of the log and the public certificate on a signed beacon', () => {
    const events = completedCompetition(entries, seedFor(3), quicknetBeacon)
    const stream = recordedWithTimes(events, quicknetBeacon.round)
    expect(verifyDraw(stream, jsDrawCrypto).verdict).toBe('PASS')
    const certificate = publicCertificateOf(stream)
    if (!certificate) throw new Error('no certificate')
    expect(certificate.entries.map((entry) => entry.entryReference)).toEqual([
      'CMP-2030-000001',
      'CMP-2030-000002',
    ])
    expect(verifyPublicCertificate(certificate, jsDrawCrypto).verdict).toBe('PASS')
  })

  it('names a postal entry whose answer was marked correct when it was not', () => {
    const events = completedCompetition(entries, seedFor(1))
    const index = events.findIndex((e) => e.type === 'PostalEntryRecorded' && e.data.answer === '5')
    const bad = events.map((event, i) =>
      i === index && event.type === 'PostalEntryRecorded'
        ? { ...event, data: { ...event.data, answerCorrect: true } }
        : event,
    )
    const result = verifyDraw(recorded(bad), jsDrawCrypto)
    expect(result.verdict).toBe('FAIL')
    expect(result.mismatch).toMatchObject({
      check: 'answer marked as given',
      event: { type: 'PostalEntryRecorded', revision: String(index) },
    })
  })
})
