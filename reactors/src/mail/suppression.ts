import type { SettingsCache } from '@prizes/platform'
import { classifyTemplate, type MailTemplateClass } from './templates/classification'

/**
 * emailNotifications for the outbox: while it is off, a non-essential template is recorded as
 * suppressed; essential email (account, payment, refund, winner) always goes.
 */
export function mailSuppression(
  settings: Pick<SettingsCache, 'get'>,
  classify: (template: string) => MailTemplateClass = classifyTemplate,
): (template: string) => Promise<boolean> {
  return async (template) =>
    classify(template) === 'non-essential' && !(await settings.get()).emailNotifications
}
