import { contactEvents, contactKeyId, newsletterEvents } from '@prizes/contracts'
import { complaintDeadlines } from '@prizes/domain'
import type { RecordedEvent } from '@prizes/event-store'
import {
  decryptValue,
  hashSearchTerm,
  platformSecret,
  readUserKey,
  userKeysTable,
  userSearchSecret,
} from '@prizes/platform'
import type { Knex } from 'knex'
import { eventTime, type Projection } from '../projection'

export const contactMessagesTable = 'contact_messages'

/** The blind-index term of a contact message's address: the search finds it by the whole address. */
export const contactEmailTerm = (email: string) => `contact-email:${email.trim().toLowerCase()}`

/** The address opened with the message's key, to index it; none when the key or its table is gone. */
async function emailTerm(trx: Knex.Transaction, reference: string, email: string): Promise<string | null> {
  const { rows } = await trx.raw<{ rows: { ready: boolean }[] }>(
    'select to_regclass(?) is not null and to_regclass(?) is not null as ready',
    [userKeysTable, 'platform_secrets'],
  )
  if (!rows[0]?.ready) return null
  const key = await readUserKey(trx, contactKeyId(reference))
  let address: string | undefined
  try {
    address = decryptValue(key, email)
  } catch {
    return null
  }
  if (address === undefined) return null
  return hashSearchTerm(await platformSecret(trx, userSearchSecret), contactEmailTerm(address))
}

export const contactMessageEventsTable = 'contact_message_events'

/**
 * Records one step of a message's trail; false when it was recorded already (a replay), so the
 * step's change to the row is not made twice, nor out of order.
 */
async function recordStep(trx: Knex.Transaction, reference: string, event: RecordedEvent): Promise<boolean> {
  const inserted = await trx(contactMessageEventsTable)
    .insert({
      reference,
      revision: event.revision.toString(),
      type: event.type,
      occurred_at: eventTime(event),
      actor: event.metadata.actor === undefined ? null : JSON.stringify(event.metadata.actor),
    })
    .onConflict(['reference', 'revision'])
    .ignore()
    .returning('reference')
  return inserted.length > 0
}

async function applyContact(trx: Knex.Transaction, event: RecordedEvent): Promise<void> {
  if (event.type === 'ContactMessageAnswered') {
    const data = contactEvents.ContactMessageAnswered.parse(event.data)
    if (!(await recordStep(trx, data.reference, event))) return
    await trx(contactMessagesTable)
      .where({ reference: data.reference })
      .whereNot({ status: 'closed' })
      .update({
        status: 'answered',
        answer: data.answer,
        answered_at: eventTime(event),
        // Acknowledged: the final answer is due next.
        due_by: trx.ref('final_answer_by'),
      })
    return
  }
  if (event.type === 'ContactMessageClosed') {
    const data = contactEvents.ContactMessageClosed.parse(event.data)
    if (!(await recordStep(trx, data.reference, event))) return
    await trx(contactMessagesTable)
      .where({ reference: data.reference })
      .update({ status: 'closed', close_note: data.note, closed_at: eventTime(event), due_by: null })
    return
  }
  if (event.type !== 'ContactMessageReceived') return
  const data = contactEvents.ContactMessageReceived.parse(event.data)
  await recordStep(trx, data.reference, event)
  // A complaint from before its deadlines were recorded gets them by the same rule, from its time.
  const deadlines =
    data.topic === 'complaint' ? (data.deadlines ?? complaintDeadlines(eventTime(event))) : null
  await trx(contactMessagesTable)
    .insert({
      reference: data.reference,
      received_at: eventTime(event),
      topic: data.topic,
      name: data.name,
      email: data.email,
      subject: data.subject,
      message: data.message,
      user_id: data.userId,
      email_term: await emailTerm(trx, data.reference, data.email),
      acknowledge_by: deadlines?.acknowledgeBy ?? null,
      final_answer_by: deadlines?.finalAnswerBy ?? null,
      due_by: deadlines?.acknowledgeBy ?? null,
    })
    .onConflict('reference')
    .ignore()
}

/** Each address's status; the count moves only on a real change, so a replayed event changes nothing. */
async function applyNewsletter(trx: Knex.Transaction, event: RecordedEvent): Promise<void> {
  const status =
    event.type === 'NewsletterSubscriptionConfirmed'
      ? 'subscribed'
      : event.type === 'NewsletterUnsubscribed'
        ? 'unsubscribed'
        : event.type === 'NewsletterSubscriptionRequested'
          ? 'pending'
          : undefined
  if (!status) return
  const { subscriberId } = newsletterEvents.NewsletterSubscriptionRequested.pick({
    subscriberId: true,
  }).parse(event.data)
  const previous = await trx('newsletter_subscribers')
    .where({ subscriber_id: subscriberId })
    .forUpdate()
    .first<{ status: string; revision: string } | undefined>('status', 'revision')
  if (previous && BigInt(previous.revision) >= event.revision) return
  // A request while subscribed changes nothing: the address stays subscribed.
  const next = status === 'pending' && previous?.status === 'subscribed' ? 'subscribed' : status
  await trx('newsletter_subscribers')
    .insert({
      subscriber_id: subscriberId,
      status: next,
      revision: event.revision.toString(),
      updated_at: eventTime(event),
    })
    .onConflict('subscriber_id')
    .merge()
  const was = previous?.status === 'subscribed'
  const is = next === 'subscribed'
  if (was !== is) {
    // The row is made by the first confirmation, so a rebuilt table equals the original.
    await trx('newsletter_stats').insert({ id: 1, confirmed: 0 }).onConflict('id').ignore()
    await trx('newsletter_stats')
      .where({ id: 1 })
      .increment('confirmed', is ? 1 : -1)
  }
}

export const contactMessagesProjection: Projection = {
  name: 'contact_messages',
  handles: [
    'ContactMessageReceived',
    'ContactMessageAnswered',
    'ContactMessageClosed',
    'NewsletterSubscriptionRequested',
    'NewsletterSubscriptionConfirmed',
    'NewsletterUnsubscribed',
  ],
  tables: [contactMessagesTable, contactMessageEventsTable, 'newsletter_subscribers', 'newsletter_stats'],
  apply: async (trx, event) => {
    if (event.type.startsWith('ContactMessage')) await applyContact(trx, event)
    else await applyNewsletter(trx, event)
  },
}
