import { describe, expect, it } from 'vitest'
import { drawResultEmail } from './draw-result-emails'
import { entryConfirmationEmail, formatPence } from './entry-emails'

const input = {
  firstName: 'Ada',
  competitionTitle: 'Win a <campervan> & more',
  entryReference: 'PRZ-2030-000042',
  ticketNumbers: [17, 18, 19],
  totalPaidPence: 750,
  publicUrl: 'https://prizes.example/',
}

describe('entryConfirmationEmail', () => {
  it('lists the competition, reference, number of entries, tickets and total in both parts', () => {
    const mail = entryConfirmationEmail(input)
    expect(mail.subject).toBe('Entry received: Win a <campervan> & more (PRZ-2030-000042)')
    for (const line of [
      'Hello Ada,',
      'Entry reference: PRZ-2030-000042',
      'Number of entries: 3',
      'Your ticket numbers: 17, 18, 19',
      'Total paid: £7.50',
      'https://prizes.example/',
    ]) {
      expect(mail.text).toContain(line)
      expect(mail.html).toContain(line)
    }
    expect(mail.text).toContain('Thank you for entering Win a <campervan> & more.')
    expect(mail.html).toContain('Win a &lt;campervan&gt; &amp; more')
    expect(mail.html).not.toContain('<campervan>')
  })

  it('says the entry was received and answers are checked at the close, never "confirmed" (issue 24)', () => {
    for (const mail of [
      entryConfirmationEmail(input),
      entryConfirmationEmail({ ...input, totalPaidPence: 0 }),
      entryConfirmationEmail({ ...input, totalPaidPence: 0, postal: true }),
    ]) {
      expect(mail.text).toContain('Entry received: answers are checked when the competition closes')
      expect(mail.text).not.toMatch(/confirmed/i)
      expect(mail.html).not.toMatch(/confirmed/i)
    }
  })

  it('says the answer was recorded and promises no draw', () => {
    const mail = entryConfirmationEmail(input)
    expect(mail.text).toContain(
      'Your answer has been recorded. Only entries with the correct answer go into the draw, which takes place after the competition closes.',
    )
    expect(mail.text).not.toMatch(/good luck/i)
    expect(mail.html).not.toMatch(/good luck/i)
  })

  it('says a postal entry was received', () => {
    const mail = entryConfirmationEmail({ ...input, ticketNumbers: [9], totalPaidPence: 0, postal: true })
    expect(mail.text).toContain('Your postal entry was received and is recorded.')
    // Issue 24: its payment reads "Postal (free)", never "Total paid: £0.00".
    expect(mail.text).toContain('Payment: Postal (free)')
    expect(mail.text).not.toContain('Total paid')
  })

  it('says ticket number for one, and free for a free entry', () => {
    const mail = entryConfirmationEmail({
      ...input,
      ticketNumbers: [5],
      totalPaidPence: 0,
      firstName: undefined,
    })
    expect(mail.text).toContain('Hello,')
    expect(mail.text).toContain('Your ticket number: 5')
    expect(mail.text).toContain('Your free entry was received.')
    expect(mail.text).toContain('Total paid: £0.00')
  })

  it('formats pence as pounds', () => {
    expect(formatPence(299)).toBe('£2.99')
    expect(formatPence(123456)).toBe('£1,234.56')
  })
})

describe('drawResultEmail (issue 24)', () => {
  const result = {
    firstName: 'Ada',
    competitionTitle: 'Win a campervan',
    entryReference: 'PRZ-2030-000042',
    ticketNumbers: [17, 18],
    publicUrl: 'https://prizes.example/',
  }

  it('tells an entry with the right answer that it is in the draw', () => {
    const mail = drawResultEmail({ ...result, inTheDraw: true })
    expect(mail.subject).toBe('You are in the draw: Win a campervan (PRZ-2030-000042)')
    expect(mail.text).toContain(
      'Your answer was correct, so your entry PRZ-2030-000042 (tickets #17, #18) is in the draw.',
    )
  })

  it('tells an entry with a wrong answer plainly, with the rule it agreed to', () => {
    const mail = drawResultEmail({ ...result, ticketNumbers: [9], inTheDraw: false })
    expect(mail.subject).toBe('Not in the draw: Win a campervan (PRZ-2030-000042)')
    expect(mail.text).toContain(
      'Your answer was not correct, so your entry PRZ-2030-000042 (ticket #9) is not in the draw.',
    )
    expect(mail.text).toContain('Entries with a wrong answer are not refunded.')
  })
})
