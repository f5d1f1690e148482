import { settingsEvents, settingsStream } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import { settingsHistoryTable } from '@prizes/read-models'
import type { Knex } from 'knex'
import { eventTime, type Projection } from '../projection'

function row(event: RecordedEvent) {
  const settings = settingsEvents.SettingsChanged.parse(event.data)
  return {
    revision: event.revision.toString(),
    occurred_at: eventTime(event),
    maintenance_mode: settings.maintenanceMode,
    allow_registrations: settings.allowRegistrations,
    email_notifications: settings.emailNotifications,
    actor: event.metadata.actor ?? null,
    reason: typeof event.metadata.reason === 'string' ? event.metadata.reason : null,
  }
}

const columns =
  'revision, occurred_at, maintenance_mode, allow_registrations, email_notifications, actor, reason'

/** One row per SettingsChanged; a replay hits the revision and changes nothing. */
async function applyBatch(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<void> {
  const rows = events.filter((e) => e.streamId === settingsStream && e.type === 'SettingsChanged').map(row)
  if (rows.length === 0) return
  await trx.raw(
    `insert into ?? (${columns}) select ${columns} from jsonb_populate_recordset(null::??, ?::jsonb)
     on conflict (revision) do nothing`,
    [settingsHistoryTable, settingsHistoryTable, JSON.stringify(rows)],
  )
}

export const settingsHistoryProjection: Projection = {
  name: 'settings_history',
  handles: Object.keys(settingsEvents),
  tables: [settingsHistoryTable],
  apply: (trx, event) => applyBatch(trx, [event]),
  applyBatch,
}
