import { describe, expect, it } from 'vitest'
import { competitionCancelledEmail } from './cancellation-emails'

const input = {
  firstName: 'Ada',
  competitionTitle: 'Win a <campervan> & more',
  entryReference: 'PRZ-2030-000042',
  refundedPence: 750,
  publicUrl: 'https://prizes.example',
}

describe('competitionCancelledEmail', () => {
  it('says the competition was cancelled and the payment refunded, in both parts', () => {
    const mail = competitionCancelledEmail(input)
    expect(mail.subject).toBe('Competition cancelled: Win a <campervan> & more (PRZ-2030-000042)')
    for (const line of [
      'Hello Ada,',
      'has been cancelled',
      'Entry reference: PRZ-2030-000042',
      'Refunded: £7.50',
      'https://prizes.example/',
    ]) {
      expect(mail.text).toContain(line)
      expect(mail.html).toContain(line)
    }
    expect(mail.text).toContain('Win a <campervan> & more has been cancelled')
    expect(mail.html).toContain('Win a &lt;campervan&gt; &amp; more')
    expect(mail.html).not.toContain('<campervan>')
  })

  it('greets without a name when there is none', () => {
    const mail = competitionCancelledEmail({ ...input, firstName: undefined })
    expect(mail.text.startsWith('Hello,\n')).toBe(true)
  })
})
