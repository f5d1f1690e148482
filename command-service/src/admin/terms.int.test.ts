import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, form, startAdminHarness } from './test-harness'

let harness: AdminHarness
let admin: string

beforeAll(async () => {
  harness = await startAdminHarness('admin-terms')
  admin = await harness.admin()
})
afterAll(() => harness.close())

const route = '/api/admin/competitions'

/** A signed-in user buys `numberOfEntries` tickets: intent, the offline card form, confirmation. */
async function buy(competitionId: string, numberOfEntries: number): Promise<void> {
  await harness.paidEntry(competitionId, numberOfEntries)
}

describe('PUT /api/admin/competitions/:id once tickets are sold', () => {
  it('refuses to cut the total below the sold, or change the price, question or answer; allows raising and later', async () => {
    const created = await harness.call('POST', route, form({ total_tickets: 20 }), admin)
    const id = (created.body.competition as { id: string }).id
    await buy(id, 10)
    await buy(id, 2)
    const before = await harness.events(id)

    const cut = await harness.call('PUT', `${route}/${id}`, form({ total_tickets: 5 }), admin)
    expect(cut).toMatchObject({
      status: 409,
      body: {
        success: false,
        code: 'COMPETITION_TERMS_FIXED',
        message: 'The total tickets can only be raised once the competition has entries',
        fieldErrors: { totalTickets: [expect.any(String)] },
      },
    })
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ entry_price: 0.5 }, 'entryPricePence'],
      [{ end_date: '2030-02-01T00:00:00.000Z' }, 'endDate'],
      [
        { skill_question: { question: 'What is 2 + 2?', options: ['3', '4', '5', '6'], correct: '5' } },
        'skillQuestion.correct',
      ],
      [
        { skill_question: { question: 'What is 2 + 2?', options: ['4', '7', '8', '9'], correct: '4' } },
        'skillQuestion.options',
      ],
    ]
    for (const [change, field] of refused) {
      const answer = await harness.call(
        'PUT',
        `${route}/${id}`,
        form({ total_tickets: 20, ...change }),
        admin,
      )
      expect(answer).toMatchObject({ status: 409, body: { code: 'COMPETITION_TERMS_FIXED' } })
      expect(Object.keys(answer.body.fieldErrors as object)).toEqual([field])
    }
    // Nothing was recorded by any refused edit, featured and status changes in the same form included.
    expect(await harness.events(id)).toEqual(before)

    const raised = await harness.call(
      'PUT',
      `${route}/${id}`,
      form({ total_tickets: 30, end_date: '2030-03-10T00:00:00.000Z', title: 'Win a bigger van' }),
      admin,
    )
    expect(raised).toMatchObject({
      status: 200,
      body: {
        competition: { total_tickets: 30, end_date: '2030-03-10T00:00:00.000Z', title: 'Win a bigger van' },
      },
    })
  })
})

describe('PUT /api/admin/competitions/:id: the cap on entries per person once tickets are sold (issue 23)', () => {
  it('refuses lowering it with 409, naming the field, and allows raising it', async () => {
    const created = await harness.call(
      'POST',
      route,
      form({ total_tickets: 20, max_entries_per_person: 10 }),
      admin,
    )
    const id = (created.body.competition as { id: string }).id
    await buy(id, 8)
    const before = await harness.events(id)
    const lowered = await harness.call(
      'PUT',
      `${route}/${id}`,
      form({ total_tickets: 20, max_entries_per_person: 5 }),
      admin,
    )
    expect(lowered).toMatchObject({
      status: 409,
      body: {
        success: false,
        code: 'COMPETITION_TERMS_FIXED',
        message: 'The maximum entries per person can only be raised once the competition has entries',
        fieldErrors: { maxEntriesPerPerson: [expect.any(String)] },
      },
    })
    expect(await harness.events(id)).toEqual(before)
    const raised = await harness.call(
      'PUT',
      `${route}/${id}`,
      form({ total_tickets: 20, max_entries_per_person: 12 }),
      admin,
    )
    expect(raised.status).toBe(200)
  })
})

describe('the pool of skill questions in the admin form (issue 24)', () => {
  const extra = [{ question: 'What is 6 × 7?', options: ['40', '42', '44', '46'], correct: '42' }]

  it('saves up to ten questions, answers them back, and fixes them once tickets are sold', async () => {
    const created = await harness.call(
      'POST',
      route,
      form({ total_tickets: 20, extra_skill_questions: extra }),
      admin,
    )
    expect(created.status).toBe(201)
    const competition = created.body.competition as { id: string; extra_skill_questions: unknown }
    expect(competition.extra_skill_questions).toEqual(extra)
    await buy(competition.id, 1)
    for (const change of [[], [{ ...extra[0], correct: '40' }]]) {
      const answer = await harness.call(
        'PUT',
        `${route}/${competition.id}`,
        form({ total_tickets: 20, extra_skill_questions: change }),
        admin,
      )
      expect(answer).toMatchObject({ status: 409, body: { code: 'COMPETITION_TERMS_FIXED' } })
      expect(Object.keys(answer.body.fieldErrors as object)).toEqual(['extraSkillQuestions'])
    }
  })

  it('refuses more than ten questions', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ ...extra[0], question: `Question ${i}?` }))
    const answer = await harness.call('POST', route, form({ extra_skill_questions: ten }), admin)
    expect(answer.status).toBe(400)
  })
})
