import { defaultSettings, type PlatformSettings } from '@prizes/contracts'
import type { CommandMetadata } from '../command-metadata'
import type { StreamDecider } from '../decider'
import { decodeSettingsEvent, type SettingsEvent } from './events'

/** The platform settings (the `settings` stream): one aggregate, one command. */
export type SettingsState = PlatformSettings

export interface ChangeSettings {
  readonly type: 'ChangeSettings'
  /** Only the settings being changed; the rest keep their values. */
  readonly data: Partial<PlatformSettings>
  readonly metadata: CommandMetadata
}

export type SettingsCommand = ChangeSettings

export const initialSettingsState: SettingsState = defaultSettings

export function evolveSettings(_state: SettingsState, event: SettingsEvent): SettingsState {
  // Each event is a full snapshot, so the last one is the state.
  return event.data
}

export function decideSettings(command: SettingsCommand, state: SettingsState): SettingsEvent[] {
  switch (command.type) {
    case 'ChangeSettings': {
      const next: PlatformSettings = { ...state, ...definedOnly(command.data) }
      const changed = (Object.keys(next) as (keyof PlatformSettings)[]).some(
        (key) => next[key] !== state[key],
      )
      // Saving the form unchanged records nothing.
      return changed ? [{ type: 'SettingsChanged', data: next }] : []
    }
    default: {
      const unhandled: never = command.type
      throw new Error(`Unknown settings command ${String(unhandled)}`)
    }
  }
}

/** `{ allowRegistrations: undefined }` means "not given", not "set to undefined". */
function definedOnly(changes: Partial<PlatformSettings>): Partial<PlatformSettings> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined))
}

export const settingsDecider: StreamDecider<SettingsCommand, SettingsState, SettingsEvent> = {
  decide: decideSettings,
  evolve: evolveSettings,
  initialState: initialSettingsState,
  decodeEvent: decodeSettingsEvent,
}
