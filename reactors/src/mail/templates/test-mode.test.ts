import { afterEach, describe, expect, it } from 'vitest'
import { configureTestMode, testModeNotice, testModeSubjectPrefix } from '../brand'
import { directTest, everyTemplateTest } from '../test-mails'

const publicUrl = 'https://prizes.example.co.uk'
const now = new Date('2030-07-01T12:00:00.000Z')

afterEach(() => configureTestMode(false))

describe('TEST MODE in every email', () => {
  it('in TEST MODE, every template says so in its subject and its first line, in both parts', () => {
    configureTestMode(true)
    const mails = [...everyTemplateTest('a@example.com', publicUrl, now), directTest('a@example.com', now)]
    expect(mails.length).toBeGreaterThan(10)
    for (const { template, mail } of mails) {
      expect(mail.subject, template).toContain(testModeSubjectPrefix)
      expect(mail.text, template).toContain(testModeNotice)
      expect(mail.html, template).toContain('TEST MODE: this site runs with a test payment provider')
    }
  })

  it('with real payments, no email mentions it', () => {
    for (const { template, mail } of everyTemplateTest('a@example.com', publicUrl, now)) {
      expect(mail.subject, template).not.toContain('TEST MODE')
      expect(mail.text, template).not.toContain(testModeNotice)
    }
  })
})
