import { entryMessages, type SkillQuestion } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { details } from '../testing/fixtures'
import { type EntriesHarness, startEntriesHarness, submission } from './test-harness'

let harness: EntriesHarness
beforeAll(async () => {
  harness = await startEntriesHarness('entries_skill_question')
})
afterAll(() => harness.close())

/** Four questions whose options never overlap, so an answer names its question. */
const extraSkillQuestions: SkillQuestion[] = [1, 2, 3].map((n) => ({
  question: `What is ${n} times 100?`,
  options: [`${n}00`, `${n}01`, `${n}10`, `${n}11`],
  correct: `${n}00`,
}))
const pool = [details.skillQuestion, ...extraSkillQuestions]

interface Given {
  readonly index: number
  readonly question: string
  readonly options: string[]
}

async function ask(competitionId: string, who: { token?: string; email?: string }): Promise<Given> {
  const body = who.email === undefined ? { competitionId } : { competitionId, email: who.email }
  const answer = await harness.call(
    '/api/entries/skill-question',
    body,
    who.token ? { token: who.token } : {},
  )
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.question as Given
}

describe('POST /api/entries/skill-question (issue 24)', () => {
  it('gives each entrant one question of the pool, the same one whenever they ask', async () => {
    const competitionId = await harness.competition({ extraSkillQuestions })
    const seen = new Set<number>()
    for (let n = 0; n < 24; n += 1) {
      const first = await ask(competitionId, { email: `entrant${n}@example.com` })
      expect(pool[first.index]?.question).toBe(first.question)
      expect(first.options).toEqual(pool[first.index]?.options)
      expect(first).not.toHaveProperty('correct')
      // Asking again, or with a +tag or in capitals (the same inbox), gives the same question.
      expect(await ask(competitionId, { email: `entrant${n}@example.com` })).toEqual(first)
      expect(await ask(competitionId, { email: `Entrant${n}+again@Example.com` })).toEqual(first)
      seen.add(first.index)
    }
    // 24 entrants over 4 questions: all on one question would be a 1 in 4^23 chance.
    expect(seen.size).toBeGreaterThan(1)
  })

  it('answers a signed-in entrant from their account, whatever email the body names', async () => {
    const competitionId = await harness.competition({ extraSkillQuestions })
    const { token } = await harness.user()
    const mine = await ask(competitionId, { token })
    for (let n = 0; n < 8; n += 1) {
      expect(await ask(competitionId, { token, email: `someone${n}@example.com` })).toEqual(mine)
    }
  })

  it('asks a signed-out entrant for their email only when there is a choice of questions', async () => {
    const competitionId = await harness.competition({ extraSkillQuestions })
    const anonymous = await harness.call('/api/entries/skill-question', { competitionId })
    expect(anonymous.status).toBe(400)
    expect(anonymous.body.message).toBe(entryMessages.emailForQuestion)
    const single = await harness.competition()
    const { question, options } = details.skillQuestion
    expect(await ask(single, {})).toEqual({ index: 0, question, options })
  })

  it('refuses an unknown competition', async () => {
    const unknown = await harness.call('/api/entries/skill-question', {
      competitionId: '7d0c8f8e-1111-4111-8111-111111111111',
      email: 'a@example.com',
    })
    expect(unknown.status).toBe(404)
  })
})

describe('an entry answers the question its entrant was given', () => {
  it('records the given question and judges the answer against it', async () => {
    const competitionId = await harness.competition({ extraSkillQuestions })
    const { token } = await harness.user()
    const given = await ask(competitionId, { token })
    const correct = pool[given.index]?.correct
    const reserved = await harness.call(
      '/api/entries/create-payment-intent',
      submission(competitionId, { skillQuestionAnswer: correct, skillQuestionIndex: given.index }),
      { token },
    )
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200)
    const paymentIntentId = String(reserved.body.paymentIntentId)
    await harness.pay(paymentIntentId)
    const confirmed = await harness.call('/api/entries/confirm-payment', { paymentIntentId }, { token })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    const events = await harness.events(competitionId)
    const allocated = events.find((event) => event.type === 'TicketsAllocated')
    expect(allocated?.data).toMatchObject({ answer: correct, answerCorrect: true })
    expect(allocated?.data.questionIndex ?? 0).toBe(given.index)
  })

  it('refuses an answer to a question the entrant was not given', async () => {
    const competitionId = await harness.competition({ extraSkillQuestions })
    const { token } = await harness.user()
    const given = await ask(competitionId, { token })
    const other = (given.index + 1) % pool.length
    const shopped = await harness.call(
      '/api/entries/create-payment-intent',
      submission(competitionId, { skillQuestionAnswer: pool[other]?.correct, skillQuestionIndex: other }),
      { token },
    )
    expect(shopped.status).toBe(400)
    expect(shopped.body.message).toBe(entryMessages.questionNotGiven)
    // Without saying which question: the other question's answer is not an option of theirs.
    const unsaid = await harness.call(
      '/api/entries/create-payment-intent',
      submission(competitionId, { skillQuestionAnswer: pool[other]?.correct }),
      { token },
    )
    expect(unsaid.status).toBe(400)
    expect(unsaid.body.message).toBe(entryMessages.selectAnswer)
  })
})

describe('the skill-question endpoint’s rate limit', () => {
  it('answers 429 once an address has asked its hourly number of times', async () => {
    const limited = await startEntriesHarness('entries_skill_question_limit', {
      questionLimit: { max: 3, windowMs: 60 * 60 * 1000 },
    })
    try {
      const competitionId = await limited.competition({ extraSkillQuestions })
      const asks = []
      for (let n = 0; n < 4; n += 1) {
        asks.push(
          await limited.call('/api/entries/skill-question', { competitionId, email: `a${n}@example.com` }),
        )
      }
      expect(asks.map((answer) => answer.status)).toEqual([200, 200, 200, 429])
      expect(asks[3]?.body.code).toBe('RATE_LIMITED')
    } finally {
      await limited.close()
    }
  })
})
