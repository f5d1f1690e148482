import Router from '@koa/router'
import { adminEntryMessages, endpoints } from '@prizes/contracts'
import { CompetitionNotFound, EntryNotFound, EntryNotRefundable } from '@prizes/domain'
import { type PaymentProvider, type Refund, RefundRefused } from '@prizes/payments'
import {
  authenticate,
  createKnexSessionStore,
  HttpError,
  jsonBody,
  type Logger,
  type PlatformSecrets,
  parseOr400,
  requireAdmin,
} from '@prizes/platform'
import type { Knex } from 'knex'
import { requestContext } from '../auth/request-context'
import { respond } from '../auth/routes'
import type { CommandHandler } from '../command-handler'
import { recordRefund } from '../entries'
import { competitionOf, type EntryResult, entryIn, runEntryCommand } from '../entries/stream'
import type { CommandContext } from '../event-metadata'
import { refundIdempotencyKey } from '../reactors/entries/refund-reactor'
import type { ReadModels } from '../read-models'

export interface AdminEntryRefundDeps {
  readonly handler: CommandHandler
  /**
   * The read models' `entries` table, to find an entry's competition (which never changes). Its
   * row is written at the reservation, so an entry paid a moment ago is found by it; whether it
   * is paid is decided on the stream. Only an entry the admin lists cannot have shown yet is
   * missing, and that one is answered 404.
   */
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly payments: PaymentProvider
  readonly logger: Logger
  readonly clock?: () => Date
  readonly readModels?: ReadModels | undefined
}

const conflict = (code: string, message: string) => new HttpError(409, code, message)

/** The entry's competition, as the read model knows it; 404 for an entry nobody has seen. */
async function competitionOfEntry(knex: Knex, entryId: string): Promise<string> {
  const row = await knex('entries')
    .where('id', entryId)
    .first<{ competition_id: string } | undefined>('competition_id')
  if (!row) throw new HttpError(404, 'ENTRY_NOT_FOUND', adminEntryMessages.notFound)
  return row.competition_id
}

/** The refusal in the admin's words, with the code the web tells refusals apart by. */
function refusal(error: EntryNotRefundable): HttpError {
  switch (error.refusal) {
    case 'already_refunded':
      return conflict('ENTRY_ALREADY_REFUNDED', adminEntryMessages.alreadyRefunded)
    case 'competition_not_open':
      return conflict('COMPETITION_NOT_OPEN', error.message)
    default:
      return conflict('ENTRY_NOT_PAID', adminEntryMessages.notPaid)
  }
}

/**
 * An admin's refund of one paid entry, in three steps. First EntryRefundRequested is decided on
 * the competition's stream (paid, not refunded, competition open or cancelled), so it and the
 * close are ordered by the stream: a close first refuses the refund before any money moves; a
 * request first keeps the entry off the list the close seals. Then the money goes back through
 * the provider under the entry's refund key (the key of every refund path, so no entry is ever
 * refunded twice), and EntryRefunded is recorded with the admin as actor and their reason. If
 * the process dies or the provider fails in between, the refund reactor completes the request
 * under the same key; a second request meanwhile completes it too and records nothing more.
 * The entrant's email follows from EntryRefunded (`refund-email-reactor`).
 */
export async function refundEntry(
  deps: AdminEntryRefundDeps,
  input: { readonly entryId: string; readonly reason: string },
  context: CommandContext,
) {
  const { entryId, reason } = input
  const competitionId = await competitionOfEntry(deps.knex, entryId)
  const audited = { ...context, reason }
  let requested: EntryResult
  try {
    requested = await runEntryCommand(
      deps.handler,
      { type: 'RequestRefund', data: { competitionId, entryId, reason }, metadata: { now: context.now } },
      audited,
    )
  } catch (error) {
    if (error instanceof EntryNotFound || error instanceof CompetitionNotFound) {
      throw new HttpError(404, 'ENTRY_NOT_FOUND', adminEntryMessages.notFound)
    }
    if (error instanceof EntryNotRefundable) throw refusal(error)
    throw error
  }
  const entry = entryIn(competitionOf(requested, competitionId), entryId)
  if (entry.paymentIntentId === null) throw refusal(new EntryNotRefundable(entryId, entry.status))
  let refund: Refund
  try {
    refund = await deps.payments.refund({
      paymentIntentId: entry.paymentIntentId,
      idempotencyKey: refundIdempotencyKey(entryId),
    })
  } catch (error) {
    // The request stands: the refund reactor asks the provider again under the same key, and
    // parks it for the admins when the provider refuses it again.
    if (error instanceof RefundRefused) {
      deps.logger.error({ err: error, competitionId, entryId }, 'the provider refused a requested refund')
      throw conflict('REFUND_REFUSED', adminEntryMessages.refundRefused)
    }
    deps.logger.error(
      { err: error, competitionId, entryId },
      'the provider did not refund a requested refund',
    )
    throw new HttpError(503, 'REFUND_PENDING', adminEntryMessages.refundPending)
  }
  const result = await recordRefund(deps, { competitionId, entryId, refundId: refund.id, reason }, audited)
  return { refund, result }
}

/** POST /api/admin/entries/:id/refund (SPEC section 7 "Admin"): admins only, with a reason. */
export function adminEntryRefundsRouter(deps: AdminEntryRefundDeps): Router {
  const clock = deps.clock ?? (() => new Date())
  const router = new Router()
  router.use(jsonBody())
  router.use(authenticate({ secret: deps.secrets.jwt, sessions: createKnexSessionStore(deps.knex), clock }))
  router.post(endpoints.adminRefundEntry.path, async (ctx) => {
    requireAdmin(ctx)
    const { reason } = parseOr400(endpoints.adminRefundEntry.request, ctx.request.body)
    const { refund, result } = await refundEntry(
      deps,
      { entryId: ctx.params.id ?? '', reason },
      requestContext(ctx, clock),
    )
    if (result.position && deps.readModels) await deps.readModels.caughtUp(result.position)
    respond(ctx, 'adminRefundEntry', {
      success: true,
      message: adminEntryMessages.refunded,
      refundId: refund.id,
      amount: refund.amountPence / 100,
    })
  })
  return router
}
