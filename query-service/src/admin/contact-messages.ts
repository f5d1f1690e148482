import Router from '@koa/router'
import {
  type AdminContactRow,
  adminContactPageSize,
  adminContactQuery,
  type ContactHistoryEntry,
  contactKeyId,
  contactReferencePattern,
  endpoints,
  londonDate,
} from '@prizes/contracts'
import {
  authenticate,
  decryptValue,
  HttpError,
  hashSearchTerm,
  parseOr400,
  readUserKeys,
  requireAdmin,
  type SessionKeys,
  type SessionStore,
  type UserKey,
} from '@prizes/platform'
import {
  type ContactMessageEventRow,
  type ContactMessageRow,
  contactMessageEventsTable,
} from '@prizes/read-models'
import type { Knex } from 'knex'
import { sendPrivate } from '../http/private'
import { lookUpPeople } from '../users/directory'
import { actorUserId, toHistoryActor } from './history'
import { pageOf } from './mapper'
import { userSearchKey } from './users'

/** A message as read: the deadlines as text (`columns`), London dates `yyyy-mm-dd`. */
type ContactRow = Omit<ContactMessageRow, 'acknowledge_by' | 'final_answer_by' | 'due_by'> & {
  readonly acknowledge_by: string | null
  readonly final_answer_by: string | null
  readonly due_by: string | null
}

/**
 * Every column, the dates as text: node-postgres would make a `date` a local midnight. The
 * aliases shadow the columns, so an ORDER BY names its table.
 */
const columns = (knex: Knex) => [
  'contact_messages.*',
  knex.raw('acknowledge_by::text as acknowledge_by'),
  knex.raw('final_answer_by::text as final_answer_by'),
  knex.raw('due_by::text as due_by'),
]

type StepRow = Omit<ContactMessageEventRow, 'reference'>

/** What each step of a message's trail says; the answer and the note are shown beside it. */
const stepSummaries: Record<ContactHistoryEntry['type'], string> = {
  ContactMessageReceived: 'Message received; acknowledgement emailed',
  ContactMessageAnswered: 'Answered; the answer was emailed to the sender',
  ContactMessageClosed: 'Closed',
}

const newestFirst = [
  { column: 'contact_messages.received_at', order: 'desc' },
  { column: 'contact_messages.reference', order: 'desc' },
] as const

/** A message's steps, oldest first; bounded, though a message has a handful. */
const maxSteps = 100

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

/** `today`: the London date now; a deadline is overdue the day after it. */
function toRow(row: ContactRow, key: UserKey | undefined, today: string): AdminContactRow {
  return {
    reference: row.reference,
    receivedAt: row.received_at.toISOString(),
    topic: row.topic,
    status: row.status,
    name: open(key, row.name),
    email: open(key, row.email),
    subject: open(key, row.subject),
    deadlines:
      row.acknowledge_by && row.final_answer_by
        ? { acknowledgeBy: row.acknowledge_by, finalAnswerBy: row.final_answer_by }
        : null,
    dueBy: row.due_by,
    overdue: row.due_by !== null && row.due_by < today,
  }
}

export interface ContactRouterOptions {
  readonly knex: Knex
  readonly secret: SessionKeys
  readonly sessions: SessionStore
  readonly clock?: () => Date
}

/** The admin's Messages tab: contact messages, 10 a page, newest first; a search by reference or address. */
export function adminContactRouter({ knex, secret, sessions, clock }: ContactRouterOptions): Router {
  const router = new Router()
  const signedIn = authenticate({ secret, sessions, ...(clock ? { clock } : {}) })
  const today = () => londonDate(clock ? clock() : new Date())
  const searchKeyOf = userSearchKey(knex)

  router.get(endpoints.adminListContactMessages.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const query = parseOr400(adminContactQuery, ctx.query)
    const { page, offset, limit } = pageOf(query.page, adminContactPageSize)
    let rows = knex<ContactRow>('contact_messages')
    if (query.topic) rows = rows.where('topic', query.topic)
    if (query.status) rows = rows.where('status', query.status)
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
    // Complaints by the deadline due next (the overdue first), from their own index; the rest newest first.
    const order =
      query.topic === 'complaint'
        ? [{ column: 'contact_messages.due_by', order: 'asc', nulls: 'last' } as const, ...newestFirst]
        : [...newestFirst]
    const [found, stats] = await Promise.all([
      rows
        .orderBy(order)
        .offset(offset)
        .limit(limit + 1)
        .select<ContactRow[]>(columns(knex)),
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
        messages: shown.map((row) => toRow(row, keys.get(contactKeyId(row.reference)), today())),
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
      .first<ContactRow | undefined>(columns(knex))
    if (!row) throw new HttpError(404, 'NOT_FOUND', 'No message has this reference')
    const [keys, steps] = await Promise.all([
      readUserKeys(knex, [contactKeyId(reference)]),
      knex<ContactMessageEventRow>(contactMessageEventsTable)
        .where({ reference })
        .orderBy('revision')
        .limit(maxSteps)
        .select<StepRow[]>('revision', 'type', 'occurred_at', 'actor'),
    ])
    const key = keys.get(contactKeyId(reference))
    const people = await lookUpPeople(
      knex,
      steps.map((step) => actorUserId(step.actor)).filter((userId) => userId !== undefined),
    )
    // The latest answer and the note are kept on the row; earlier answers went by email.
    const lastAnswer = steps.findLast((step) => step.type === 'ContactMessageAnswered')
    const history = steps.map((step) => ({
      type: step.type,
      occurredAt: step.occurred_at.toISOString(),
      actor: toHistoryActor(step.actor, people),
      summary: stepSummaries[step.type],
      text:
        step === lastAnswer && row.answer
          ? open(key, row.answer)
          : step.type === 'ContactMessageClosed' && row.close_note
            ? open(key, row.close_note)
            : null,
    }))
    sendPrivate(
      ctx,
      endpoints.adminGetContactMessage.response.parse({
        success: true,
        message: {
          ...toRow(row, key, today()),
          message: open(key, row.message),
          userId: row.user_id,
          history,
        },
      }),
    )
  })

  return router
}
