export const settingsHistoryTable = 'settings_history'

/** One change of the platform settings. */
export interface SettingsHistoryRow {
  readonly revision: number
  readonly occurred_at: Date
  readonly maintenance_mode: boolean
  readonly allow_registrations: boolean
  readonly email_notifications: boolean
  readonly actor: unknown
  readonly reason: string | null
}
