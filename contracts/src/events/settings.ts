import { z } from 'zod'

/** The platform settings of SPEC section 3, as one snapshot. */
export const platformSettings = z.object({
  maintenanceMode: z.boolean(),
  allowRegistrations: z.boolean(),
  emailNotifications: z.boolean(),
})
export type PlatformSettings = z.infer<typeof platformSettings>

/** What holds before any admin has changed anything. */
export const defaultSettings: PlatformSettings = {
  maintenanceMode: false,
  allowRegistrations: true,
  emailNotifications: true,
}

export const settingsEvents = {
  /** Carries every setting, not only the changed ones, so a reader needs only the last event. */
  SettingsChanged: platformSettings,
} as const

export type SettingsEventType = keyof typeof settingsEvents
export type SettingsEvent = {
  [K in SettingsEventType]: { type: K; data: z.infer<(typeof settingsEvents)[K]> }
}[SettingsEventType]

/** The whole platform has one settings aggregate. */
export const settingsStream = 'settings'
