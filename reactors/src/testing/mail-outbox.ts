import { silentLogger } from '@prizes/command-service/testing'
import type { Mailer } from '@prizes/command-service/use-cases'
import type { Knex } from 'knex'
import { createMailOutbox, type MailOutbox } from '../mail/outbox'
import { type RunningMailSender, startMailSender } from '../mail/outbox-sender'

/**
 * The outbox the reactors queue into and a sender that sends from it, as the command service
 * wires them, with retries in milliseconds so a refused send is tried again within the test.
 */
export function startTestMailOutbox(
  knex: Knex,
  mailer: Mailer,
): { readonly outbox: MailOutbox; readonly sender: RunningMailSender } {
  const sender = startMailSender({ knex, mailer, logger: silentLogger, retryDelayMs: 20, pollMs: 50 })
  return { outbox: createMailOutbox(knex, { onQueued: sender.wake }), sender }
}
