import { defaultSettings } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import type { MailTemplate } from '../account-mail/plan'
import { entryConfirmationName } from '../entries/confirmation-reactor'
import { refundEmailName } from '../entries/refund-email-reactor'
import { competitionCancelledTemplate } from '../lifecycle/cancellation-refunds'
import { drawResultTemplate } from '../lifecycle/draw-result-email'
import { endDateExtendedTemplate } from '../lifecycle/extension-email'
import { winnerEmailName } from '../lifecycle/winner-email'
import { mailSuppression } from './suppression'
import { classifyTemplate, type MailTemplateClass, mailTemplateClasses } from './templates/classification'

const settings = (emailNotifications: boolean) => ({
  get: async () => ({ ...defaultSettings, emailNotifications }),
})

describe('emailNotifications and the mail templates', () => {
  it('classify every template the reactors queue as essential: account, payment, refund, winner', () => {
    const accountTemplates: MailTemplate[] = ['verification', 'guest-invitation', 'password-reset']
    const queued = [
      ...accountTemplates,
      // The old address, told that an admin changed the account's email.
      'email-changed',
      entryConfirmationName,
      refundEmailName,
      competitionCancelledTemplate,
      winnerEmailName,
      endDateExtendedTemplate,
      drawResultTemplate,
      'contact-answer',
      // What the person just asked for: the opt-in link, the answer to their message.
      'newsletter-confirmation',
      'contact-acknowledgement',
    ]
    // Marketing: held back while notifications are off.
    const marketing = ['newsletter-welcome']
    expect(Object.keys(mailTemplateClasses).sort()).toEqual([...queued, ...marketing].sort())
    for (const template of queued) expect(classifyTemplate(template), template).toBe('essential')
    for (const template of marketing) expect(classifyTemplate(template), template).toBe('non-essential')
  })

  it('never suppress essential email, whatever the setting; marketing only while off', async () => {
    const off = mailSuppression(settings(false))
    for (const [template, kind] of Object.entries(mailTemplateClasses)) {
      expect(await off(template), template).toBe(kind === 'non-essential')
    }
    // An unclassified template is treated as essential rather than silently held back.
    expect(await off('something-new')).toBe(false)
  })

  it('suppress non-essential email only while notifications are off', async () => {
    const classify = (template: string): MailTemplateClass =>
      template === 'newsletter' ? 'non-essential' : 'essential'
    expect(await mailSuppression(settings(false), classify)('newsletter')).toBe(true)
    expect(await mailSuppression(settings(true), classify)('newsletter')).toBe(false)
    expect(await mailSuppression(settings(false), classify)('verification')).toBe(false)
  })
})
