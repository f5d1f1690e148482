import { describe, expect, it } from 'vitest'
import { addressOf } from './smtp-mailer'
import { mailTemplateClasses } from './templates/classification'
import { directTest, entryConfirmationTest, everyTemplateTest, testSubjectPrefix } from './test-mails'

const now = new Date('2030-01-10T12:00:00.000Z')

describe('test emails', () => {
  it('marks every template as a test, in the subject, the text and the HTML', () => {
    const emails = everyTemplateTest('admin@example.com', 'https://prizes.test', now)
    // Every template the registry knows, in its order: a new template cannot be left out of the test.
    expect(emails.map((email) => email.template)).toEqual(Object.keys(mailTemplateClasses))
    for (const { mail } of emails) {
      expect(mail.to).toBe('admin@example.com')
      expect(mail.subject.startsWith(testSubjectPrefix)).toBe(true)
      expect(mail.text).toMatch(/^This is a test email sent by an administrator/)
      expect(mail.html).toContain('This is a test email sent by an administrator')
    }
  })

  it('fills the entry confirmation with the details given, the cost in pounds', () => {
    const { mail } = entryConfirmationTest(
      {
        email: 'e@example.com',
        firstName: '<b>Grace</b>',
        competitionTitle: 'Win a lighthouse',
        numberOfEntries: 2,
        totalCost: 5.1,
      },
      'https://prizes.test',
    )
    expect(mail.text).toContain('Hello <b>Grace</b>,')
    expect(mail.html).toContain('Hello &lt;b&gt;Grace&lt;/b&gt;,')
    expect(mail.text).toContain('Your ticket numbers: 1001, 1002')
    expect(mail.text).toContain('Total paid: £5.10')
  })

  it('the direct test is plain and says when it was sent', () => {
    const { mail } = directTest('d@example.com', now)
    expect(mail.subject).toBe('[TEST] Direct test email')
    expect(mail.text).toContain('2030-01-10T12:00:00.000Z')
  })

  it('takes the address out of a display name', () => {
    expect(addressOf('Prize Platform <no-reply@prizeplatform.local>')).toBe('no-reply@prizeplatform.local')
    expect(addressOf('bare@example.com')).toBe('bare@example.com')
  })
})
