import { deriveOneTimeToken, hashToken } from '@prizes/command-service/use-cases'
import { userEvents, userStream, userStreamPrefix } from '@prizes/contracts'
import type { EventStore, RecordedEvent } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import { decryptValue, type UserKey } from '@prizes/platform'
import type { Knex } from 'knex'
import type { MailOutbox } from '../mail/outbox'
import { emailChangedEmail } from '../mail/templates/account-emails'
import { type Reactor, type RunningReactor, startReactor } from '../runner'
import { knexUserKeyReader, type UserKeyReader } from '../user-keys'
import { composeEmail } from './compose'
import { planEmail } from './plan'
import { foldUserMailView, tokenRequestOf, tokenRequestTypes } from './user-view'

export interface MailReactorOptions {
  readonly store: EventStore
  /** The command-side database: `reactor_checkpoints`, `user_keys`. */
  readonly knex: Knex
  /** Where the emails are queued; a sender sends them. */
  readonly outbox: MailOutbox
  /** The secret one-time tokens are derived from (`loadSecrets(knex)`). */
  readonly secrets: { readonly oneTimeTokens: Buffer }
  /** Links in emails start with this (PUBLIC_URL). */
  readonly publicUrl: string
  readonly logger: Logger
  /** Where user keys come from; the `user_keys` table unless given. */
  readonly userKeys?: UserKeyReader
  /** The clock that decides whether a request has expired. */
  readonly now?: () => Date
  readonly retryDelayMs?: number
}

export const mailReactorName = 'mail'

/**
 * Sends the account emails from the user events: EmailVerificationRequested becomes the
 * verification email (the guest invitation for a guest), PasswordResetRequested the reset email.
 * A ProfileUpdated that changed the email (only an admin can) tells the old address
 * (`email-changed`); the new one gets the verification link its command asked for.
 *
 * Each email is queued in the mail outbox under the event's id before the checkpoint moves: a
 * replayed event queues nothing new, and the sender retries a refused send, so a crash or an
 * SMTP error never loses the email (at least once). Anything that fails before it is queued
 * (reading the stream, the database) is retried by the runner.
 */
export function createMailReactor(options: MailReactorOptions): Reactor {
  const { store, knex, outbox, secrets, publicUrl } = options
  const userKeys = options.userKeys ?? knexUserKeyReader(knex)
  const now = options.now ?? (() => new Date())
  const logger = options.logger.child({ reactor: mailReactorName })

  async function react(event: RecordedEvent): Promise<void> {
    const log = logger.child({ eventId: event.id, eventType: event.type, streamId: event.streamId })
    if (event.type === 'ProfileUpdated') return emailChanged(event, log)
    const request = tokenRequestOf(event)
    if (!request) return void log.warn('not a valid token request; no email')
    const user = foldUserMailView(await store.readStream(userStream(request.userId)))
    if (!user) return void log.warn('no registration in the user stream; no email')
    const plan = planEmail(request, user, now())
    if (!plan.send) return void log.info({ reason: plan.reason }, 'no email')

    const key = await userKeys.read(request.userId)
    if (!key) return void log.info({ reason: 'the user was erased (no key)' }, 'no email')
    const purpose = plan.link.type === 'PasswordResetRequested' ? 'reset-password' : 'verify-email'
    const token = deriveOneTimeToken(secrets.oneTimeTokens, purpose, request.userId, plan.link.nonce)
    if (hashToken(token) !== plan.link.tokenHash) {
      // A link that cannot work is worse than none: the secret is not the one the command side used.
      return void log.error('the derived token does not match the event; is the one-time-token secret right?')
    }
    const recipient = readRecipient(key, user.personal.email, user.personal.firstName, log)
    if (!recipient) return

    const mail = composeEmail({ template: plan.template, link: plan.link, token, publicUrl, ...recipient })
    const queued = await outbox.enqueue({
      key: event.id,
      template: plan.template,
      userId: request.userId,
      mail,
    })
    log.info({ template: plan.template, queued }, 'account email')
  }

  /** The notice to the address the account had before this update, when the update changed it. */
  async function emailChanged(event: RecordedEvent, log: Logger): Promise<void> {
    const parsed = userEvents.ProfileUpdated.safeParse(event.data)
    if (!parsed.success) return void log.warn('not a valid profile update; no email')
    const { userId, personal } = parsed.data
    const earlier = (await store.readStream(userStream(userId))).filter((e) => e.revision < event.revision)
    const before = foldUserMailView(earlier)
    if (!before || before.erased)
      return void log.info('no registration before the update, or erased; no email')
    const key = await userKeys.read(userId)
    if (!key) return void log.info({ reason: 'the user was erased (no key)' }, 'no email')
    const old = readRecipient(key, before.personal.email, before.personal.firstName, log)
    const current = readRecipient(key, personal.email, personal.firstName, log)
    if (!old || !current || old.to.toLowerCase() === current.to.toLowerCase()) return
    const mail = { to: old.to, ...emailChangedEmail({ publicUrl, firstName: old.firstName }) }
    const queued = await outbox.enqueue({ key: event.id, template: 'email-changed', userId, mail })
    log.info({ template: 'email-changed', queued }, 'account email')
  }

  return {
    name: mailReactorName,
    filter: { streamPrefixes: [userStreamPrefix], eventTypes: [...tokenRequestTypes, 'ProfileUpdated'] },
    react,
  }
}

/** The recipient's address and first name, decrypted; undefined (logged) when that cannot be done. */
export function readRecipient(
  key: UserKey,
  email: string,
  firstName: string,
  log: Logger,
): { to: string; firstName: string | undefined } | undefined {
  try {
    const to = decryptValue(key, email)
    if (!to) return undefined
    return { to, firstName: decryptValue(key, firstName) }
  } catch (error) {
    // Decrypting is pure: a wrong key or a damaged value fails the same way on every retry.
    log.error({ err: error }, 'cannot decrypt the recipient; no email')
    return undefined
  }
}

/** Starts the mail reactor on its own subscription and checkpoint. */
export function startMailReactor(options: MailReactorOptions): Promise<RunningReactor> {
  return startReactor({
    store: options.store,
    knex: options.knex,
    logger: options.logger,
    reactor: createMailReactor(options),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
  })
}
