import { defaultSpendingAlertPence, spendingAlertEvents } from '@prizes/contracts'
import type { CommandMetadata } from '../command-metadata'
import type { StoredEvent, StreamDecider } from '../decider'

/** The spending alert threshold of the admin Users tab (issue 14 item 7): one setting, one command. */

export interface SpendingAlertState {
  readonly thresholdPence: number
}

export interface SetSpendingAlert {
  readonly type: 'SetSpendingAlert'
  readonly data: { readonly thresholdPence: number }
  readonly metadata: CommandMetadata
}

export interface SpendingAlertEvent {
  readonly type: 'SpendingAlertThresholdChanged'
  readonly data: { readonly thresholdPence: number }
}

export function decodeSpendingAlertEvent(stored: StoredEvent): SpendingAlertEvent | undefined {
  if (stored.type !== 'SpendingAlertThresholdChanged') return undefined
  return { type: stored.type, data: spendingAlertEvents.SpendingAlertThresholdChanged.parse(stored.data) }
}

/** Saving the same threshold records nothing. */
export function decideSpendingAlert(
  command: SetSpendingAlert,
  state: SpendingAlertState,
): SpendingAlertEvent[] {
  const { thresholdPence } = command.data
  return thresholdPence === state.thresholdPence
    ? []
    : [{ type: 'SpendingAlertThresholdChanged', data: { thresholdPence } }]
}

export const spendingAlertDecider: StreamDecider<SetSpendingAlert, SpendingAlertState, SpendingAlertEvent> = {
  decide: decideSpendingAlert,
  evolve: (_state, event) => ({ thresholdPence: event.data.thresholdPence }),
  initialState: { thresholdPence: defaultSpendingAlertPence },
  decodeEvent: decodeSpendingAlertEvent,
}
