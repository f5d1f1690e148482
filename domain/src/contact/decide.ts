import type { ContactEvent, ContactTopic, Encrypted } from '@prizes/contracts'
import { contactAnswerMessages, contactEvents } from '@prizes/contracts'
import type { CommandMetadata } from '../command-metadata'
import type { StoredEvent, StreamDecider } from '../decider'
import { DomainError } from '../domain-error'
import { complaintDeadlines } from '../rules/working-days'

/**
 * A contact message (`contact-<reference>`): received (open), answered by an admin (any number
 * of times while not closed), closed. A closed message is refused further answers: a sender who
 * writes again starts a new message with its own reference, so every complaint's trail ends
 * where it was closed.
 */
export type ContactMessageState =
  | { readonly status: 'none' }
  | { readonly status: 'open' | 'answered' | 'closed'; readonly reference: string }

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

/** The answer is encrypted by the caller with the message's own key, like the message. */
export interface AnswerContactMessage {
  readonly type: 'AnswerContactMessage'
  readonly data: { readonly reference: string; readonly answer: Encrypted }
  readonly metadata: CommandMetadata
}

export interface CloseContactMessage {
  readonly type: 'CloseContactMessage'
  readonly data: { readonly reference: string; readonly note: Encrypted | null }
  readonly metadata: CommandMetadata
}

export type ContactCommand = ReceiveContactMessage | AnswerContactMessage | CloseContactMessage

/** A reference is used once; the command side draws another. */
export class ContactReferenceTaken extends DomainError<'CONTACT_REFERENCE_TAKEN'> {
  readonly code = 'CONTACT_REFERENCE_TAKEN'
  constructor(readonly reference: string) {
    super(`The contact reference ${reference} is taken`)
  }
}

export class ContactMessageNotFound extends DomainError<'CONTACT_MESSAGE_NOT_FOUND'> {
  readonly code = 'CONTACT_MESSAGE_NOT_FOUND'
  constructor(readonly reference: string) {
    super('No message has this reference')
  }
}

export class ContactMessageClosed extends DomainError<'CONTACT_MESSAGE_CLOSED'> {
  readonly code = 'CONTACT_MESSAGE_CLOSED'
  constructor(readonly reference: string) {
    super(contactAnswerMessages.closed)
  }
}

export const initialContactState: ContactMessageState = { status: 'none' }

export function evolveContact(state: ContactMessageState, event: ContactEvent): ContactMessageState {
  switch (event.type) {
    case 'ContactMessageReceived':
      return { status: 'open', reference: event.data.reference }
    case 'ContactMessageAnswered':
      return { status: 'answered', reference: event.data.reference }
    case 'ContactMessageClosed':
      return state.status === 'none' ? state : { status: 'closed', reference: state.reference }
    default: {
      const unknown: never = event
      throw new Error(`Unknown contact event ${JSON.stringify(unknown)}`)
    }
  }
}

export function decideContact(command: ContactCommand, state: ContactMessageState): ContactEvent[] {
  switch (command.type) {
    case 'ReceiveContactMessage':
      if (state.status !== 'none') throw new ContactReferenceTaken(command.data.reference)
      return [
        {
          type: 'ContactMessageReceived',
          data: {
            ...command.data,
            deadlines: command.data.topic === 'complaint' ? complaintDeadlines(command.metadata.now) : null,
          },
        },
      ]
    case 'AnswerContactMessage':
      if (state.status === 'none') throw new ContactMessageNotFound(command.data.reference)
      if (state.status === 'closed') throw new ContactMessageClosed(command.data.reference)
      return [{ type: 'ContactMessageAnswered', data: command.data }]
    case 'CloseContactMessage':
      if (state.status === 'none') throw new ContactMessageNotFound(command.data.reference)
      // Closing what is closed records nothing, so a double click leaves no noise in the trail.
      if (state.status === 'closed') return []
      return [{ type: 'ContactMessageClosed', data: command.data }]
    default: {
      const unknown: never = command
      throw new Error(`Unknown contact command ${JSON.stringify(unknown)}`)
    }
  }
}

export function decodeContactEvent(stored: StoredEvent): ContactEvent | undefined {
  switch (stored.type) {
    case 'ContactMessageReceived':
      return { type: 'ContactMessageReceived', data: contactEvents.ContactMessageReceived.parse(stored.data) }
    case 'ContactMessageAnswered':
      return { type: 'ContactMessageAnswered', data: contactEvents.ContactMessageAnswered.parse(stored.data) }
    case 'ContactMessageClosed':
      return { type: 'ContactMessageClosed', data: contactEvents.ContactMessageClosed.parse(stored.data) }
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
