import { type PlatformSettings, settingsStream } from '@prizes/contracts'
import { type SettingsEvent, type SettingsState, settingsDecider } from '@prizes/domain'
import type { CommandHandler, HandleResult, StreamStore } from '../command-handler'
import type { CommandContext } from '../event-metadata'

/**
 * The current settings, read from the `settings` stream. Each event is a full snapshot, so
 * only the last one is read.
 */
export async function loadSettings(store: Pick<StreamStore, 'readStream'>): Promise<SettingsState> {
  const [last] = await store.readStream(settingsStream, { direction: 'backwards', limit: 1 })
  const event = last ? settingsDecider.decodeEvent(last) : undefined
  return event ? settingsDecider.evolve(settingsDecider.initialState, event) : settingsDecider.initialState
}

/** Changes some settings (the admin endpoint arrives with the admin issue). */
export function changeSettings(
  handler: CommandHandler,
  changes: Partial<PlatformSettings>,
  context: CommandContext,
): Promise<HandleResult<SettingsState, SettingsEvent>> {
  return handler.handle(
    settingsStream,
    settingsDecider,
    { type: 'ChangeSettings', data: changes, metadata: { now: context.now } },
    context,
  )
}
