import { defaultCompanyDetails } from '@prizes/command-service/use-cases'
import { afterEach, describe, expect, it } from 'vitest'
import { configureCompanyDetails, mailColours } from '../brand'
import { everyTemplateTest } from '../test-mails'
import { entryConfirmationEmail } from './entry-emails'
import { newsletterWelcomeEmail } from './newsletter-emails'

const publicUrl = 'https://prizes.example.co.uk'
const now = new Date('2030-07-01T12:00:00.000Z')
/** The palette of web/src/theme/theme.ts, plus white. */
const siteColours = new Set([...Object.values(mailColours), '#ffffff', '#b45309', '#92400e', '#fef3c7'])

afterEach(() => configureCompanyDetails(defaultCompanyDetails))

describe('every email shares the site brand', () => {
  it("uses only the site's colours, the wordmark and the company's details", () => {
    configureCompanyDetails({
      ...defaultCompanyDetails,
      name: 'Acme Prizes Ltd',
      address: '2 High Street, Leeds, LS1 1AA',
      supportEmail: 'help@acme.test',
      postalAddress: null,
    })
    for (const { template, mail } of everyTemplateTest('a@example.com', publicUrl, now)) {
      const colours = new Set(mail.html.match(/(?<!&)#[0-9a-fA-F]{6}\b/g)?.map((c) => c.toLowerCase()))
      expect(
        [...colours].filter((c) => !siteColours.has(c)),
        template,
      ).toEqual([])
      expect(mail.html, template).toContain('Prize Platform</span>')
      for (const part of [mail.html, mail.text]) {
        expect(part, template).toContain('Acme Prizes Ltd, 2 High Street, Leeds, LS1 1AA')
        expect(part, template).toContain('help@acme.test')
      }
    }
  })

  it('links an entrant to their dashboard, not the home page', () => {
    const email = entryConfirmationEmail({
      competitionTitle: 'A car',
      entryReference: 'PRZ-2030-000001',
      ticketNumbers: [1],
      totalPaidPence: 100,
      publicUrl,
    })
    expect(email.html).toContain(`href="${publicUrl}/?dashboard=entries"`)
    expect(email.text).toContain(`${publicUrl}/?dashboard=entries`)
  })

  it('puts the unsubscribe link in a newsletter email and its one-click headers', () => {
    const email = newsletterWelcomeEmail({ publicUrl, unsubscribeToken: 'tok' })
    expect(email.html).toContain(`href="${publicUrl}/newsletter/unsubscribe?token=tok"`)
    expect(email.text).toContain(`${publicUrl}/newsletter/unsubscribe?token=tok`)
    expect(email.headers).toEqual({
      'List-Unsubscribe': `<${publicUrl}/api/newsletter/one-click-unsubscribe?token=tok>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })
})
