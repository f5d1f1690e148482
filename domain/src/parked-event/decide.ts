import { type ParkedEventEvent, parkedEventEvents } from '@prizes/contracts'
import type { CommandMetadata } from '../command-metadata'
import type { StoredEvent, StreamDecider } from '../decider'

/**
 * An admin's actions on a parked event (a `parked-event-…` stream). The command side's row
 * decides what may be done (one retry at a time, never after a resolution); this stream only
 * records what was done, so every command is recorded as its event.
 */
export type ParkedEventCommand =
  | {
      readonly type: 'RecordParkedEventRetry'
      readonly data: Extract<ParkedEventEvent, { type: 'ParkedEventRetried' }>['data']
      readonly metadata: CommandMetadata
    }
  | {
      readonly type: 'RecordParkedEventResolution'
      readonly data: Extract<ParkedEventEvent, { type: 'ParkedEventResolved' }>['data']
      readonly metadata: CommandMetadata
    }

/** How many admin actions the stream holds; nothing else is decided on. */
export type ParkedEventState = { readonly actions: number }

export function decideParkedEvent(command: ParkedEventCommand, _state: ParkedEventState): ParkedEventEvent[] {
  switch (command.type) {
    case 'RecordParkedEventRetry':
      return [{ type: 'ParkedEventRetried', data: command.data }]
    case 'RecordParkedEventResolution':
      return [{ type: 'ParkedEventResolved', data: command.data }]
    default: {
      const unhandled: never = command
      throw new Error(`Unknown parked event command ${String((unhandled as { type: string }).type)}`)
    }
  }
}

export function decodeParkedEventEvent(stored: StoredEvent): ParkedEventEvent | undefined {
  switch (stored.type) {
    case 'ParkedEventRetried':
      return { type: 'ParkedEventRetried', data: parkedEventEvents.ParkedEventRetried.parse(stored.data) }
    case 'ParkedEventResolved':
      return { type: 'ParkedEventResolved', data: parkedEventEvents.ParkedEventResolved.parse(stored.data) }
    default:
      return undefined
  }
}

export const parkedEventDecider: StreamDecider<ParkedEventCommand, ParkedEventState, ParkedEventEvent> = {
  decide: decideParkedEvent,
  evolve: (state) => ({ actions: state.actions + 1 }),
  initialState: { actions: 0 },
  decodeEvent: decodeParkedEventEvent,
}
