import type { ContactEvent, ContactTopic, Encrypted } from '@prizes/contracts'
import { contactEvents } from '@prizes/contracts'
import type { CommandMetadata } from '../competition/decide'
import type { StoredEvent, StreamDecider } from '../decider'
import { DomainError } from '../domain-error'

/**
 * A contact message (`contact-<reference>`). Received is its only event today; answering and
 * closing it append to the same stream later, and its state grows a status then.
 */
export type ContactMessageState =
  | { readonly status: 'none' }
  | { readonly status: 'open'; readonly reference: string }

export interface ReceiveContactMessage {
  readonly type: 'ReceiveContactMessage'
  readonly data: {
    readonly reference: string
    readonly topic: ContactTopic
    readonly name: Encrypted
    readonly email: Encrypted
    readonly subject: Encrypted
    readonly message: Encrypted
    readonly userId: string | null
  }
  readonly metadata: CommandMetadata
}

export type ContactCommand = ReceiveContactMessage

/** A reference is used once; the command side draws another. */
export class ContactReferenceTaken extends DomainError<'CONTACT_REFERENCE_TAKEN'> {
  readonly code = 'CONTACT_REFERENCE_TAKEN'
  constructor(readonly reference: string) {
    super(`The contact reference ${reference} is taken`)
  }
}

export const initialContactState: ContactMessageState = { status: 'none' }

export function evolveContact(_state: ContactMessageState, event: ContactEvent): ContactMessageState {
  switch (event.type) {
    case 'ContactMessageReceived':
      return { status: 'open', reference: event.data.reference }
    default: {
      const unknown: never = event.type
      throw new Error(`Unknown contact event ${String(unknown)}`)
    }
  }
}

export function decideContact(command: ContactCommand, state: ContactMessageState): ContactEvent[] {
  switch (command.type) {
    case 'ReceiveContactMessage':
      if (state.status !== 'none') throw new ContactReferenceTaken(command.data.reference)
      return [{ type: 'ContactMessageReceived', data: command.data }]
    default: {
      const unknown: never = command.type
      throw new Error(`Unknown contact command ${String(unknown)}`)
    }
  }
}

export function decodeContactEvent(stored: StoredEvent): ContactEvent | undefined {
  switch (stored.type) {
    case 'ContactMessageReceived':
      return { type: 'ContactMessageReceived', data: contactEvents.ContactMessageReceived.parse(stored.data) }
    default:
      return undefined
  }
}

export const contactDecider: StreamDecider<ContactCommand, ContactMessageState, ContactEvent> = {
  decide: decideContact,
  evolve: evolveContact,
  initialState: initialContactState,
  decodeEvent: decodeContactEvent,
}
