import {
  defaultSettings,
  type PlatformSettings,
  type SettingsHistoryEntry,
  settingsHistoryPageSize,
} from '@prizes/contracts'
import type { SettingsHistoryRow } from '@prizes/read-models'
import type { Knex } from 'knex'
import { toHistoryActor } from '../admin/history'
import type { Person } from '../users/directory'

const settingsOf = (row: SettingsHistoryRow): PlatformSettings => ({
  maintenanceMode: row.maintenance_mode,
  allowRegistrations: row.allow_registrations,
  emailNotifications: row.email_notifications,
})

/** The current settings: the newest row (one index probe), the defaults before any change. */
export async function currentSettings(knex: Knex): Promise<PlatformSettings> {
  const row = await knex<SettingsHistoryRow>('settings_history').orderBy('revision', 'desc').first()
  return row ? settingsOf(row) : defaultSettings
}

/**
 * One page of changes, newest first, and whether an older page exists. One row past the page is
 * read as well: the change before the page's oldest, to tell what that one changed.
 */
export async function settingsHistoryPage(
  knex: Knex,
  page: number,
): Promise<{ rows: SettingsHistoryRow[]; before: SettingsHistoryRow | undefined; hasMore: boolean }> {
  const rows = await knex<SettingsHistoryRow>('settings_history')
    .orderBy('revision', 'desc')
    .offset((page - 1) * settingsHistoryPageSize)
    .limit(settingsHistoryPageSize + 1)
  const hasMore = rows.length > settingsHistoryPageSize
  return { rows: rows.slice(0, settingsHistoryPageSize), before: rows[settingsHistoryPageSize], hasMore }
}

export function toSettingsHistoryEntry(
  row: SettingsHistoryRow,
  previous: SettingsHistoryRow | undefined,
  people: ReadonlyMap<string, Person>,
): SettingsHistoryEntry {
  const settings = settingsOf(row)
  const was = previous ? settingsOf(previous) : defaultSettings
  return {
    revision: Number(row.revision),
    occurredAt: row.occurred_at.toISOString(),
    actor: toHistoryActor(row.actor, people),
    reason: row.reason,
    settings,
    changed: (Object.keys(settings) as (keyof PlatformSettings)[]).filter(
      (key) => settings[key] !== was[key],
    ),
  }
}
