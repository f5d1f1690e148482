import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import type { Mailer, OutgoingMail } from '../../mail/mailer'

const table = 'sent_emails'

/**
 * Claims the right to send one email, keyed by the event (or `<template>:<entry>`) it is about.
 * True for exactly one caller, ever: a repeat (a restart before the checkpoint moved, a second
 * process) finds the row and gets false.
 */
export async function claimEmail(knex: Knex, key: string, template: string): Promise<boolean> {
  const inserted = await knex(table)
    .insert({ event_id: key, template })
    .onConflict('event_id')
    .ignore()
    .returning('event_id')
  return inserted.length === 1
}

export async function markEmailSent(knex: Knex, key: string): Promise<void> {
  await knex(table).where({ event_id: key }).update({ sent_at: knex.fn.now(), error: null })
}

export async function markEmailFailed(knex: Knex, key: string, error: string): Promise<void> {
  await knex(table).where({ event_id: key }).update({ error })
}

/**
 * Sends an email at most once: claims `key`, then sends, then records the outcome. A crash or an
 * SMTP error after the claim loses that one email (logged, with the error kept in
 * `sent_emails`) rather than ever sending it twice; nothing here throws after the claim.
 */
export async function sendOnce(
  deps: { readonly knex: Knex; readonly mailer: Mailer; readonly log: Logger },
  claim: { readonly key: string; readonly template: string },
  mail: OutgoingMail,
): Promise<'sent' | 'already-claimed' | 'failed'> {
  const { knex, mailer, log } = deps
  if (!(await claimEmail(knex, claim.key, claim.template))) {
    log.info({ template: claim.template }, 'email already claimed; not sending again')
    return 'already-claimed'
  }
  try {
    await mailer.send(mail)
  } catch (error) {
    log.error({ err: error, template: claim.template }, 'sending the email failed; it will not be retried')
    await markEmailFailed(knex, claim.key, error instanceof Error ? error.message : String(error)).catch(
      (markError: unknown) => log.warn({ err: markError }, 'could not record the failure'),
    )
    return 'failed'
  }
  log.info({ template: claim.template }, 'email sent')
  await markEmailSent(knex, claim.key).catch((markError: unknown) =>
    log.warn({ err: markError }, 'email sent, but could not record it'),
  )
  return 'sent'
}
