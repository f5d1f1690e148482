import type { PlatformSettings } from '@prizes/contracts'

export type SettingKey = keyof PlatformSettings

/** The Settings tab's three switches, in order, with what each one does. */
export const settingControls: ReadonlyArray<{
  readonly key: SettingKey
  readonly label: string
  readonly description: string
}> = [
  {
    key: 'maintenanceMode',
    label: 'Maintenance mode',
    description: 'Closes the public site and API; admins can still sign in and keep working.',
  },
  {
    key: 'allowRegistrations',
    label: 'Allow registrations',
    description: 'When off, new accounts and guest accounts are refused; existing users still sign in.',
  },
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    description:
      'When off, non-essential email is held back (recorded, not sent); account, payment, refund and winner emails still go.',
  },
]

const labels: Record<SettingKey, string> = Object.fromEntries(
  settingControls.map(({ key, label }) => [key, label]),
) as Record<SettingKey, string>

/** One line of the history: "Maintenance mode on, Allow registrations off". */
export function describeChange(settings: PlatformSettings, changed: readonly SettingKey[]): string {
  if (changed.length === 0) return 'No change'
  return changed.map((key) => `${labels[key]} ${settings[key] ? 'on' : 'off'}`).join(', ')
}

export const settingsFailures = {
  load: 'Failed to load settings',
  save: 'Failed to save settings',
  history: 'Failed to load settings history',
} as const
