import { randomInt } from 'node:crypto'
import { type ContactRequest, contactKeyId, contactStream } from '@prizes/contracts'
import { ContactReferenceTaken, contactDecider } from '@prizes/domain'
import { encryptValue, generateUserKey, userKeysTable } from '@prizes/platform'
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
 * another is drawn); the stream, appended only when new, is the second guard.
 */
export async function receiveContactMessage(
  deps: ContactDeps,
  input: ContactRequest,
  userId: string | null,
  context: CommandContext,
  draw: () => string = newContactReference,
): Promise<string> {
  for (let attempt = 0; attempt < maxTries; attempt++) {
    const reference = draw()
    const key = generateUserKey()
    const claimed = await deps
      .knex(userKeysTable)
      .insert({ user_id: contactKeyId(reference), key_id: key.id, key: key.key })
      .onConflict('user_id')
      .ignore()
      .returning('user_id')
    if (claimed.length === 0) continue
    try {
      await deps.handler.handle(
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
      return reference
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
