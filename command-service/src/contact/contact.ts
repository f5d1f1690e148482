import { randomInt } from 'node:crypto'
import {
  type ComplaintDeadlinesData,
  type ContactRequest,
  contactKeyId,
  contactStream,
} from '@prizes/contracts'
import { ContactMessageNotFound, ContactReferenceTaken, contactDecider } from '@prizes/domain'
import { encryptValue, generateUserKey, readUserKey, userKeyRecord, userKeysTable } from '@prizes/platform'
import type { Knex } from 'knex'
import type { CommandHandler } from '../command-handler'
import type { CommandContext } from '../event-metadata'

/** Without 0/O and 1/I/L, so a reference read out over the phone is not misheard. */
const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
/** 31^6 ≈ 887 million references: a collision is rare, and retried. */
const referenceLength = 6
const maxTries = 5

export function newContactReference(): string {
  let code = ''
  for (let i = 0; i < referenceLength; i++) code += alphabet[randomInt(alphabet.length)]
  return `CT-${code}`
}

export interface ContactDeps {
  readonly handler: CommandHandler
  readonly knex: Knex
}

/**
 * Records a contact message under a new reference. The message's key is inserted first, under
 * the reference: that insert is what claims the reference (a taken one inserts nothing and
 * another is drawn); the stream, appended only when new, is the second guard. A complaint's
 * deadlines are the ones the decider recorded.
 */
export async function receiveContactMessage(
  deps: ContactDeps,
  input: ContactRequest,
  userId: string | null,
  context: CommandContext,
  draw: () => string = newContactReference,
): Promise<{ reference: string; deadlines: ComplaintDeadlinesData | null }> {
  for (let attempt = 0; attempt < maxTries; attempt++) {
    const reference = draw()
    const key = generateUserKey()
    const claimed = await deps
      .knex(userKeysTable)
      .insert(userKeyRecord(contactKeyId(reference), key))
      .onConflict('user_id')
      .ignore()
      .returning('user_id')
    if (claimed.length === 0) continue
    try {
      const { events } = await deps.handler.handle(
        contactStream(reference),
        contactDecider,
        {
          type: 'ReceiveContactMessage',
          data: {
            reference,
            topic: input.topic,
            name: encryptValue(key, input.name),
            email: encryptValue(key, input.email),
            subject: encryptValue(key, input.subject),
            message: encryptValue(key, input.message),
            userId,
          },
          metadata: { now: context.now },
        },
        context,
      )
      const [received] = events
      const deadlines = received?.type === 'ContactMessageReceived' ? (received.data.deadlines ?? null) : null
      return { reference, deadlines }
    } catch (error) {
      // The key was gone but the stream is there (an erased message): leave it as it was.
      await deps
        .knex(userKeysTable)
        .where({ user_id: contactKeyId(reference), key_id: key.id })
        .delete()
      if (error instanceof ContactReferenceTaken) continue
      throw error
    }
  }
  throw new Error(`no free contact reference in ${maxTries} tries`)
}

/** The message's own key; a message whose key is gone (erased) is not there to answer. */
async function messageKey(knex: Knex, reference: string) {
  const key = await readUserKey(knex, contactKeyId(reference))
  if (!key) throw new ContactMessageNotFound(reference)
  return key
}

/**
 * An admin's answer to a message, encrypted with the message's key like the message; a reactor
 * emails it to the sender. A closed message is refused (`ContactMessageClosed`).
 */
export async function answerContactMessage(
  deps: ContactDeps,
  input: { readonly reference: string; readonly answer: string },
  context: CommandContext,
) {
  const key = await messageKey(deps.knex, input.reference)
  return deps.handler.handle(
    contactStream(input.reference),
    contactDecider,
    {
      type: 'AnswerContactMessage',
      data: { reference: input.reference, answer: encryptValue(key, input.answer) },
      metadata: { now: context.now },
    },
    context,
  )
}

/** Closes a message, with an admin's optional note (encrypted like the message). */
export async function closeContactMessage(
  deps: ContactDeps,
  input: { readonly reference: string; readonly note: string | undefined },
  context: CommandContext,
) {
  const key = await messageKey(deps.knex, input.reference)
  const note = input.note ? encryptValue(key, input.note) : null
  return deps.handler.handle(
    contactStream(input.reference),
    contactDecider,
    {
      type: 'CloseContactMessage',
      data: { reference: input.reference, note },
      metadata: { now: context.now },
    },
    context,
  )
}
