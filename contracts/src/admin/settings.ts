import { z } from 'zod'
import { historyActor } from '../admin-read'
import { maxLength, tooLongMessage } from '../bounds'
import { platformSettings } from '../events/settings'
import { text } from '../text'

/** Issue 11 item 5: the platform settings, read and changed by admins, enforced on the server. */

const reason = text(maxLength.reason, tooLongMessage('The reason', maxLength.reason)).trim()

/** Only the settings being changed; at least one. A reason, when given, goes to the audit trail. */
export const adminSettingsRequest = z
  .object({
    maintenanceMode: z.boolean().optional(),
    allowRegistrations: z.boolean().optional(),
    emailNotifications: z.boolean().optional(),
    reason: reason.min(1).optional(),
  })
  .strict()
  .refine(
    (body) =>
      body.maintenanceMode !== undefined ||
      body.allowRegistrations !== undefined ||
      body.emailNotifications !== undefined,
    { message: 'Give at least one setting to change' },
  )
export type AdminSettingsRequest = z.infer<typeof adminSettingsRequest>

export const adminSettingsResponse = z.object({ success: z.literal(true), settings: platformSettings })
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponse>

export const adminUpdateSettingsResponse = adminSettingsResponse.extend({ message: z.string() })
export type AdminUpdateSettingsResponse = z.infer<typeof adminUpdateSettingsResponse>

/** What the public site needs to know: whether it is open, and whether sign-ups are. */
export const publicSettingsResponse = z.object({
  success: z.literal(true),
  settings: platformSettings.pick({ maintenanceMode: true, allowRegistrations: true }),
})
export type PublicSettingsResponse = z.infer<typeof publicSettingsResponse>

/** One change of the settings: the snapshot after it, what it changed, who, when and why. */
export const settingsHistoryEntry = z.object({
  revision: z.number().int().nonnegative(),
  occurredAt: z.iso.datetime(),
  actor: historyActor,
  reason: z.string().nullable(),
  settings: platformSettings,
  /** The settings this change turned on or off (all three for the first change ever recorded). */
  changed: z.array(platformSettings.keyof()),
})
export type SettingsHistoryEntry = z.infer<typeof settingsHistoryEntry>

export const settingsHistoryPageSize = 20

/** Newest first, a page at a time. */
export const settingsHistoryResponse = z.object({
  success: z.literal(true),
  changes: z.array(settingsHistoryEntry),
  page: z.number().int().positive(),
  pageSize: z.literal(settingsHistoryPageSize),
  hasMore: z.boolean(),
})
export type SettingsHistoryResponse = z.infer<typeof settingsHistoryResponse>
