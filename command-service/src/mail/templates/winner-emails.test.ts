import { describe, expect, it } from 'vitest'
import { winnerEmail } from './winner-emails'

const input = {
  firstName: 'Ada',
  competitionId: 'c-42',
  competitionTitle: 'Win a <campervan>',
  prize: 'A campervan & a year of fuel',
  ticketNumber: 17,
  entryReference: 'PRZ-2030-000042',
  publicUrl: 'https://prizes.example/',
}

describe('winnerEmail', () => {
  it('names the prize, the winning ticket, the reference and links the certificate', () => {
    const mail = winnerEmail(input)
    expect(mail.subject).toBe('Congratulations, you won A campervan & a year of fuel!')
    for (const line of [
      'Hello Ada,',
      'Winning ticket number: 17',
      'Entry reference: PRZ-2030-000042',
      'within 48 hours',
      'https://prizes.example/draws/c-42',
    ]) {
      expect(mail.text).toContain(line)
      expect(mail.html).toContain(line)
    }
    expect(mail.html).toContain('Win a &lt;campervan&gt;')
    expect(mail.html).not.toContain('<campervan>')
  })
})
