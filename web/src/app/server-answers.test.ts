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
  listFeaturedCompetitions: { success: true, competitions: [] },
  listCompetitions: { success: true, competitions: [] },
  publicSettings: { success: true, settings: { maintenanceMode: false, allowRegistrations: true } },
  paymentConfig: {
    success: true,
    payments: { provider: 'stripe', publishableKey: 'pk_live_x', testMode: false },
  },
}

describe('the answers a server-rendered page came with', () => {
  test('read as sent', () => {
    expect(readServerAnswers(documentWith(JSON.stringify(answers)))).toEqual(answers)
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
  })
})
