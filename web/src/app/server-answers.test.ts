import { serverAnswersElementId } from '@prizes/contracts'
import { describe, expect, test } from 'vitest'
import { readServerAnswers } from './server-answers'

/** A document holding `text` in the answers' element, as far as `readServerAnswers` looks. */
const documentWith = (text: string | undefined) =>
  ({
    getElementById: (id: string) =>
      id === serverAnswersElementId && text !== undefined ? { textContent: text } : null,
  }) as unknown as Document

const answers = {
  page: 'home',
  renderedAt: '2026-11-28T12:00:00.000Z',
  listFeaturedCompetitions: { success: true, competitions: [] },
  listCompetitions: { success: true, competitions: [] },
  publicSettings: { success: true, settings: { maintenanceMode: false, allowRegistrations: true } },
  paymentConfig: {
    success: true,
    payments: { provider: 'stripe', publishableKey: 'pk_live_x', testMode: false },
  },
  contactDetails: { success: true, postalAddress: ['Free Entries', 'Leeds'] },
}

const competitionAnswers = {
  page: 'competition',
  renderedAt: answers.renderedAt,
  getCompetition: { success: true, competition: { id: '3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e4c3a21' } },
  publicSettings: answers.publicSettings,
  paymentConfig: answers.paymentConfig,
  contactDetails: answers.contactDetails,
}

describe('the answers a server-rendered page came with', () => {
  test("read as sent: the home page's, a competition page's", () => {
    expect(readServerAnswers(documentWith(JSON.stringify(answers)))).toEqual(answers)
    expect(readServerAnswers(documentWith(JSON.stringify(competitionAnswers)))).toEqual(competitionAnswers)
  })

  test("another page's, a page without its own answers, or no moment of render: none", () => {
    for (const wrong of [
      { ...answers, page: 'about' },
      { ...answers, page: 'competition' },
      { ...competitionAnswers, getCompetition: { success: true } },
      { ...competitionAnswers, renderedAt: undefined },
      { ...competitionAnswers, renderedAt: 'yesterday' },
    ]) {
      expect(readServerAnswers(documentWith(JSON.stringify(wrong)))).toBeUndefined()
    }
  })

  test('none, cut short, or of another shape: none, and the app renders alone', () => {
    expect(readServerAnswers(documentWith(undefined))).toBeUndefined()
    expect(readServerAnswers(documentWith(JSON.stringify(answers).slice(0, 40)))).toBeUndefined()
    expect(readServerAnswers(documentWith('null'))).toBeUndefined()
    expect(
      readServerAnswers(documentWith(JSON.stringify({ ...answers, listCompetitions: {} }))),
    ).toBeUndefined()
    expect(
      readServerAnswers(documentWith(JSON.stringify({ ...answers, publicSettings: undefined }))),
    ).toBeUndefined()
    expect(
      readServerAnswers(documentWith(JSON.stringify({ ...answers, paymentConfig: undefined }))),
    ).toBeUndefined()
    expect(
      readServerAnswers(documentWith(JSON.stringify({ ...answers, contactDetails: undefined }))),
    ).toBeUndefined()
  })
})
