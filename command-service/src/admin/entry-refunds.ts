import Router from '@koa/router'
import { adminEntryMessages, endpoints } from '@prizes/contracts'
import { type Competition, type CompetitionState, EntryNotRefundable } from '@prizes/domain'
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
import type { CommandContext } from '../event-metadata'
import type { PaymentProvider } from '../payments/port'
import { refundIdempotencyKey } from '../reactors/entries/refund-reactor'
import type { ReadModels } from '../read-models'
import { loadCompetition } from './view'

export interface AdminEntryRefundDeps {
  readonly handler: CommandHandler
  /** The read models' `entries` table, to find an entry's competition (which never changes). */
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly payments: PaymentProvider
  readonly logger: Logger
  readonly clock?: () => Date
  readonly readModels?: ReadModels | undefined
}

/** While the competition is open, or once it is cancelled: never while sealed for or after the draw. */
const refundableStatuses: ReadonlySet<Competition['status']> = new Set(['active', 'cancelled'])

const conflict = (code: string, message: string) => new HttpError(409, code, message)

/** The entry's competition, as the read model knows it; 404 for an entry nobody has seen. */
async function competitionOfEntry(knex: Knex, entryId: string): Promise<string> {
  const row = await knex('entries')
    .where('id', entryId)
    .first<{ competition_id: string } | undefined>('competition_id')
  if (!row) throw new HttpError(404, 'ENTRY_NOT_FOUND', adminEntryMessages.notFound)
  return row.competition_id
}

/** Refuses, with the reason, an entry the admin may not refund; answers its payment intent. */
function refundable(state: CompetitionState, entryId: string): string {
  if (!state.exists || state.status === 'deleted') {
    throw new HttpError(404, 'ENTRY_NOT_FOUND', adminEntryMessages.notFound)
  }
  const entry = state.entries.get(entryId)
  if (!entry) throw new HttpError(404, 'ENTRY_NOT_FOUND', adminEntryMessages.notFound)
  if (entry.status === 'refunded')
    throw conflict('ENTRY_ALREADY_REFUNDED', adminEntryMessages.alreadyRefunded)
  if (entry.status !== 'paid' || entry.paymentIntentId === null) {
    throw conflict('ENTRY_NOT_PAID', adminEntryMessages.notPaid)
  }
  if (!refundableStatuses.has(state.status)) {
    throw conflict(
      'COMPETITION_NOT_OPEN',
      `${adminEntryMessages.competitionNotOpen} (this one is ${state.status})`,
    )
  }
  return entry.paymentIntentId
}

/**
 * An admin's refund of one paid entry: the rules are checked on the competition's stream, the
 * money goes back through the provider under the entry's refund key (the key the cancellation
 * and late-payment refunds use, so no entry is ever refunded twice, however many ask at once),
 * and EntryRefunded is recorded with the admin as actor and their reason (once per entry: a
 * concurrent second request records nothing more and answers the same refund). The entrant's
 * email follows from the event (`refund-email-reactor`).
 */
export async function refundEntry(
  deps: AdminEntryRefundDeps,
  input: { readonly entryId: string; readonly reason: string },
  context: CommandContext,
) {
  const { entryId, reason } = input
  const competitionId = await competitionOfEntry(deps.knex, entryId)
  const paymentIntentId = refundable(await loadCompetition(deps.handler, competitionId), entryId)
  const refund = await deps.payments.refund({
    paymentIntentId,
    idempotencyKey: refundIdempotencyKey(entryId),
  })
  try {
    const result = await recordRefund(
      deps,
      { competitionId, entryId, refundId: refund.id, reason },
      { ...context, reason },
    )
    return { refund, result }
  } catch (error) {
    if (!(error instanceof EntryNotRefundable)) throw error
    // The competition closed for its draw between the check and the record (a window of one
    // provider call): the provider's refund stands but is not in the log. Said loudly, with the
    // refund id, for the operator to reconcile; nothing here can undo a card refund.
    deps.logger.error(
      { err: error, competitionId, entryId, refundId: refund.id },
      'entry refunded by the provider but not recorded: the competition closed meanwhile',
    )
    throw conflict('COMPETITION_NOT_OPEN', error.message)
  }
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
