import { defaultSettings } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import {
  classifyTemplate,
  type MailTemplateClass,
  mailTemplateClasses,
} from '../mail/templates/classification'
import { entryConfirmationName } from '../reactors/entries/confirmation-reactor'
import { refundEmailName } from '../reactors/entries/refund-email-reactor'
import { competitionCancelledTemplate } from '../reactors/lifecycle/cancellation-refunds'
import { winnerEmailName } from '../reactors/lifecycle/winner-email'
import type { MailTemplate } from '../reactors/mail/plan'
import { mailSuppression } from './mail'

const settings = (emailNotifications: boolean) => ({
  get: async () => ({ ...defaultSettings, emailNotifications }),
})

describe('emailNotifications and the mail templates', () => {
  it('classify every template the reactors queue as essential: account, payment, refund, winner', () => {
    const accountTemplates: MailTemplate[] = ['verification', 'guest-invitation', 'password-reset']
    const queued = [
      ...accountTemplates,
      entryConfirmationName,
      refundEmailName,
      competitionCancelledTemplate,
      winnerEmailName,
    ]
    expect(Object.keys(mailTemplateClasses).sort()).toEqual([...queued].sort())
    for (const template of queued) expect(classifyTemplate(template), template).toBe('essential')
  })

  it('never suppress essential email, whatever the setting', async () => {
    const off = mailSuppression(settings(false))
    for (const template of Object.keys(mailTemplateClasses)) expect(await off(template)).toBe(false)
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
