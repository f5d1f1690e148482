import type { AdminContactRow, ContactHistoryEntry } from '@prizes/contracts'

export const contactMessagesTable = 'contact_messages'
export const contactMessageEventsTable = 'contact_message_events'

/** A message of the admin's Messages tab. Personal fields stay encrypted under the message's key. */
export interface ContactMessageRow {
  readonly reference: string
  readonly received_at: Date
  readonly topic: AdminContactRow['topic']
  readonly status: AdminContactRow['status']
  readonly name: string
  readonly email: string
  readonly subject: string
  readonly message: string
  readonly user_id: string | null
  /** A blind index of the address, for the search. */
  readonly email_term: string | null
  readonly answer: string | null
  readonly answered_at: Date | null
  readonly closed_at: Date | null
  readonly close_note: string | null
  /** A complaint's deadlines, London dates (`date`: pg makes them a local midnight unless read as text). */
  readonly acknowledge_by: Date | null
  readonly final_answer_by: Date | null
  readonly due_by: Date | null
}

/** A step of a message's trail, keyed by its stream's revision. */
export interface ContactMessageEventRow {
  readonly reference: string
  readonly revision: number
  readonly type: ContactHistoryEntry['type']
  readonly occurred_at: Date
  readonly actor: unknown
}
