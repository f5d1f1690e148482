import Router from '@koa/router'
import {
  type AdminContactRow,
  adminContactPageSize,
  adminContactQuery,
  contactKeyId,
  contactReferencePattern,
  endpoints,
} from '@prizes/contracts'
import {
  authenticate,
  decryptValue,
  HttpError,
  hashSearchTerm,
  parseOr400,
  readUserKeys,
  requireAdmin,
  type SessionStore,
  type UserKey,
} from '@prizes/platform'
import type { Knex } from 'knex'
import { sendPrivate } from '../http/private'
import { pageOf } from './mapper'
import { userSearchKey } from './users'

interface ContactRow {
  readonly reference: string
  readonly received_at: Date
  readonly topic: AdminContactRow['topic']
  readonly status: AdminContactRow['status']
  readonly name: string
  readonly email: string
  readonly subject: string
  readonly message: string
  readonly user_id: string | null
}

/** The same term the projection stored (`contactEmailTerm`). */
const emailTerm = (email: string) => `contact-email:${email.trim().toLowerCase()}`

/** A field in clear; empty once the message's key is gone (erased) or cannot open it. */
function open(key: UserKey | undefined, value: string): string {
  try {
    return decryptValue(key, value) ?? ''
  } catch {
    return ''
  }
}

function toRow(row: ContactRow, key: UserKey | undefined): AdminContactRow {
  return {
    reference: row.reference,
    receivedAt: row.received_at.toISOString(),
    topic: row.topic,
    status: row.status,
    name: open(key, row.name),
    email: open(key, row.email),
    subject: open(key, row.subject),
  }
}

export interface ContactRouterOptions {
  readonly knex: Knex
  readonly secret: Uint8Array
  readonly sessions: SessionStore
  readonly clock?: () => Date
}

/** The admin's Messages tab: contact messages, 10 a page, newest first; a search by reference or address. */
export function adminContactRouter({ knex, secret, sessions, clock }: ContactRouterOptions): Router {
  const router = new Router()
  const signedIn = authenticate({ secret, sessions, ...(clock ? { clock } : {}) })
  const searchKeyOf = userSearchKey(knex)

  router.get(endpoints.adminListContactMessages.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const query = parseOr400(adminContactQuery, ctx.query)
    const { page, offset, limit } = pageOf(query.page, adminContactPageSize)
    let rows = knex<ContactRow>('contact_messages')
    const search = query.search?.trim()
    if (search) {
      const reference = search.toUpperCase()
      if (search.includes('@')) {
        rows = rows.where('email_term', hashSearchTerm(await searchKeyOf(), emailTerm(search)))
      } else if (/^CT-[2-9A-HJKMNP-Z]{0,6}$/.test(reference)) {
        // The start of a reference: the primary key's index serves the prefix.
        rows = contactReferencePattern.test(reference)
          ? rows.where('reference', reference)
          : rows.where('reference', '>=', reference).andWhere('reference', '<', `${reference}\uffff`)
      } else {
        rows = rows.whereRaw('false')
      }
    }
    const [found, stats] = await Promise.all([
      rows
        .orderBy([
          { column: 'received_at', order: 'desc' },
          { column: 'reference', order: 'desc' },
        ])
        .offset(offset)
        .limit(limit + 1)
        .select<ContactRow[]>(),
      knex('newsletter_stats').where({ id: 1 }).first<{ confirmed: number } | undefined>('confirmed'),
    ])
    const shown = found.slice(0, limit)
    const keys = await readUserKeys(
      knex,
      shown.map((row) => contactKeyId(row.reference)),
    )
    sendPrivate(
      ctx,
      endpoints.adminListContactMessages.response.parse({
        success: true,
        messages: shown.map((row) => toRow(row, keys.get(contactKeyId(row.reference)))),
        page,
        pageSize: adminContactPageSize,
        hasMore: found.length > limit,
        newsletterSubscribers: stats?.confirmed ?? 0,
      }),
    )
  })

  router.get(endpoints.adminGetContactMessage.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const reference = String(ctx.params.reference)
    const row = await knex<ContactRow>('contact_messages')
      .where({ reference })
      .first<ContactRow | undefined>()
    if (!row) throw new HttpError(404, 'NOT_FOUND', 'No message has this reference')
    const key = (await readUserKeys(knex, [contactKeyId(reference)])).get(contactKeyId(reference))
    sendPrivate(
      ctx,
      endpoints.adminGetContactMessage.response.parse({
        success: true,
        message: { ...toRow(row, key), message: open(key, row.message), userId: row.user_id },
      }),
    )
  })

  return router
}
