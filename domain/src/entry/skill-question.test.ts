import { entryMessages, type SkillQuestion } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import type { CompetitionCommand } from '../competition/decide'
import { evolve } from '../competition/state'
import { assertTermsKept } from '../competition/terms'
import { pickQuestionIndex } from './skill-question'
import {
  allocate,
  competitionId,
  created,
  details,
  entryId,
  fold,
  given,
  now,
  published,
  reserve,
  reserved,
} from './test-fixtures'

const capital: SkillQuestion = {
  question: 'Which is the capital of Australia?',
  options: ['Sydney', 'Canberra', 'Melbourne', 'Perth'],
  correct: 'Canberra',
}
const planets: SkillQuestion = {
  question: 'How many planets orbit the Sun?',
  options: ['7', '8', '9', '10'],
  correct: '8',
}
/** Questions 0 ("2 + 2?"), 1 (capital) and 2 (planets). */
const pooled = () => created({ extraSkillQuestions: [capital, planets] })

const postal = (questionIndex: number | undefined, answer: string) => ({
  type: 'RecordPostalEntry' as const,
  data: {
    competitionId,
    entryId: entryId(9),
    userId: 'u-9',
    answer,
    ...(questionIndex === undefined ? {} : { questionIndex }),
    receivedAt: now.toISOString(),
    entryReference: 'PRZ-2030-000009',
  },
  metadata: { now },
})

describe('a pool of skill questions (issue 24)', () => {
  it('checks the answer against the question the entrant was given, not the first', () => {
    const state = fold([pooled(), published])
    const events = given(pooled(), published)
      .when(reserve(1, 1, { answer: 'Canberra', questionIndex: 1 }))
      .decided()
    expect(events).toMatchObject([
      { type: 'TicketsReserved', data: { answer: 'Canberra', questionIndex: 1 } },
    ])
    const after = events.reduce(evolve, state)
    const [allocated] = given(pooled(), published, ...events)
      .when(allocate(1))
      .decided()
    expect(allocated).toMatchObject({
      type: 'TicketsAllocated',
      data: { questionIndex: 1, answerCorrect: true },
    })
    expect(after.exists && after.entries.get(entryId(1))?.questionIndex).toBe(1)
  })

  it('marks the first question’s correct answer wrong for an entrant given another question', () => {
    // "4" is right for question 0 and not an option of question 2: refused, never counted right.
    given(pooled(), published)
      .when(reserve(1, 1, { answer: '4', questionIndex: 2 }))
      .thenFails({ code: 'INVALID_ENTRY', field: 'skillQuestionAnswer', message: entryMessages.selectAnswer })
    const events = given(pooled(), published)
      .when(reserve(1, 1, { answer: '9', questionIndex: 2 }))
      .decided()
    const [allocated] = given(pooled(), published, ...events)
      .when(allocate(1))
      .decided()
    expect(allocated).toMatchObject({ data: { questionIndex: 2, answerCorrect: false } })
  })

  it('refuses a question the pool does not hold', () => {
    given(pooled(), published)
      .when(reserve(1, 1, { answer: 'Sydney', questionIndex: 3 }))
      .thenFails({ code: 'INVALID_ENTRY', message: entryMessages.questionNotGiven })
  })

  it('reads a competition and entries made before pools as a pool of one, answered at question 0', () => {
    // Events as they were written: no extra questions, no question index.
    const state = fold([created(), published, reserved(1, 1)])
    expect(state.exists && state.entries.get(entryId(1))?.questionIndex).toBe(0)
    const [allocated] = given(created(), published, reserved(1, 1)).when(allocate(1)).decided()
    expect(allocated).toMatchObject({ data: { answer: '4', answerCorrect: true } })
    expect(allocated?.data).not.toHaveProperty('questionIndex')
  })

  it('records which question a postal envelope answered and decides it against that one', () => {
    const [event] = given(pooled(), published).when(postal(2, '8')).decided()
    expect(event).toMatchObject({
      type: 'PostalEntryRecorded',
      data: { questionIndex: 2, answerCorrect: true },
    })
    given(pooled(), published)
      .when(postal(1, '8'))
      .thenFails({ code: 'INVALID_ENTRY', message: entryMessages.selectAnswer })
    const [first] = given(pooled(), published).when(postal(undefined, '4')).decided()
    expect(first).toMatchObject({ data: { answerCorrect: true } })
  })

  it('fixes the whole pool once the competition has entries', () => {
    const state = fold([pooled(), published, reserved(1, 1)])
    if (!state.exists) throw new Error('no competition')
    const edited = { ...capital, correct: 'Sydney' }
    expect(() => assertTermsKept(state, { ...details, extraSkillQuestions: [edited, planets] })).toThrow(
      expect.objectContaining({ code: 'COMPETITION_TERMS_FIXED' }),
    )
    expect(() => assertTermsKept(state, { ...details, extraSkillQuestions: [capital] })).toThrow(
      expect.objectContaining({ code: 'COMPETITION_TERMS_FIXED' }),
    )
    expect(() =>
      assertTermsKept(state, { ...details, extraSkillQuestions: [capital, planets] }),
    ).not.toThrow()
  })

  it('keeps a pool between one and ten questions, each different', () => {
    const create = (extraSkillQuestions: SkillQuestion[]): CompetitionCommand => ({
      type: 'CreateCompetition',
      data: { competitionId, details: { ...details, extraSkillQuestions }, featured: false },
      metadata: { now },
    })
    const extra = Array.from({ length: 10 }, (_, i) => ({ ...planets, question: `Question ${i}?` }))
    given().when(create(extra)).thenFails({ code: 'INVALID_COMPETITION_DETAILS' })
    expect(
      given()
        .when(create(extra.slice(0, 9)))
        .decided(),
    ).toHaveLength(1)
    given()
      .when(create([details.skillQuestion]))
      .thenFails({ code: 'INVALID_COMPETITION_DETAILS' })
  })
})

describe('pickQuestionIndex', () => {
  const word = (...values: number[]) => {
    const bytes = new Uint8Array(values.length * 4)
    const view = new DataView(bytes.buffer)
    for (const [i, value] of values.entries()) view.setUint32(i * 4, value)
    return bytes
  }

  it('answers the same question for the same digest, within the pool', () => {
    expect(pickQuestionIndex(3, word(7))).toBe(1)
    expect(pickQuestionIndex(3, word(7))).toBe(1)
    expect(pickQuestionIndex(1, word(123456))).toBe(0)
  })

  it('rejects the tail of 2^32 that would bias the pick and tries the next word', () => {
    // 2^32 = 429496729 * 10 + 6: words from 4294967290 up are the biased tail for a pool of 10.
    expect(pickQuestionIndex(10, word(4_294_967_290, 13))).toBe(3)
    expect(pickQuestionIndex(10, word(4_294_967_289, 13))).toBe(9)
  })

  it('spreads entrants over the pool', () => {
    const counts = [0, 0, 0]
    for (let i = 0; i < 3000; i += 1) {
      const index = pickQuestionIndex(3, word((i * 2_654_435_761) % 2 ** 32))
      counts[index] = (counts[index] ?? 0) + 1
    }
    for (const count of counts) expect(count).toBeGreaterThan(900)
  })

  it('refuses an empty pool', () => {
    expect(() => pickQuestionIndex(0, word(1))).toThrow(RangeError)
  })
})
