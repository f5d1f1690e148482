import { type SettingsEvent, type SettingsEventType, settingsEvents } from '@prizes/contracts'
import type { StoredEvent } from '../decider'

export type { SettingsEvent, SettingsEventType }

/** A stored settings event validated against its contract; unknown types answer undefined. */
export function decodeSettingsEvent(stored: StoredEvent): SettingsEvent | undefined {
  switch (stored.type) {
    case 'SettingsChanged':
      return { type: 'SettingsChanged', data: settingsEvents.SettingsChanged.parse(stored.data) }
    default:
      return undefined
  }
}
