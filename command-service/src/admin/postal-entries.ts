import { randomBytes } from 'node:crypto'
import Router from '@koa/router'
import {
  type AdminPostalEntryRequest,
  adminEntryMessages,
  competitionStream,
  endpoints,
} from '@prizes/contracts'
import {
  AccountBanned,
  assertRegistrableDateOfBirth,
  breakAt,
  type Competition,
  competitionDecider,
  type DrandChain,
  drandRound,
  EmailTaken,
  EntrantOnBreak,
  type Entry,
  quicknet,
  type RecordPostalEntry,
  UserNotFound,
} from '@prizes/domain'
import {
  authenticate,
  createKnexSessionStore,
  jsonBody,
  type Logger,
  type PlatformSecrets,
  parseOr400,
  requireAdmin,
} from '@prizes/platform'
import type { Knex } from 'knex'
import { requestContext } from '../auth/request-context'
import { respond } from '../auth/routes'
import type { CommandHandler, StreamStore } from '../command-handler'
import { drandMargin } from '../competitions/lifecycle'
import { nextEntryReference } from '../entries/allocate'
import { entryOwnersIndex } from '../entries/owners'
import { competitionOf, entryIn, runEntryCommand } from '../entries/stream'
import type { CommandContext } from '../event-metadata'
import type { ReadModels } from '../read-models'
import { breakMatching, personBreakOf, personHashes } from '../responsible-play/people'
import { isEmailClaimConflict, userIdByEmail } from '../users/email-index'
import { openAccount } from '../users/registration'
import { loadUserState } from '../users/user-stream'

export interface AdminPostalEntryDeps {
  readonly handler: CommandHandler
  readonly store: StreamStore
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly logger: Logger
  readonly clock?: () => Date
  /** The `<PREFIX>` of entry references (ENTRY_REFERENCE_PREFIX); PRZ unless given. */
  readonly referencePrefix?: string
  readonly readModels?: ReadModels | undefined
  /** DRAND_CHAIN's chain (quicknet unless given): a list sealed again after the close names a round of it. */
  readonly drandChain?: DrandChain | undefined
}

/**
 * The envelope's date as a moment: a bare day (`2030-01-09`, what the form sends) is its start
 * in UTC, so an envelope that came on the closing day, before the close, is accepted.
 */
export function receivedMoment(value: string): string {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value).toISOString()
}

/**
 * The entrant's account: the one their email names, or a guest account made for them (name and
 * address kept encrypted on their own stream, never on the competition's), which invites them
 * by email to set a password. A banned entrant is refused, as a paid entry of theirs would be.
 */
async function entrantOf(
  deps: AdminPostalEntryDeps,
  request: AdminPostalEntryRequest,
  context: CommandContext,
): Promise<string> {
  const known = await userIdByEmail(deps.knex, request.email)
  if (known !== undefined) return standing(deps, known)
  const { firstName, lastName, email, address, dateOfBirth } = request
  try {
    const opened = await openAccount(
      deps,
      {
        personal: { firstName, lastName, email, phone: '', address, dateOfBirth },
        // Never told to anyone: the guest sets their own through the invitation's link.
        password: randomBytes(24).toString('base64url'),
        marketingEmails: false,
        kind: 'guest',
      },
      context,
    )
    return opened.user.userId
  } catch (error) {
    // The same person's other envelope, recorded at the same moment, made the account first.
    const taken = error instanceof EmailTaken || isEmailClaimConflict(error)
    const raced = taken ? await userIdByEmail(deps.knex, email) : undefined
    if (raced === undefined) throw error
    return standing(deps, raced)
  }
}

async function standing(deps: AdminPostalEntryDeps, userId: string): Promise<string> {
  const user = await loadUserState(deps.store, userId)
  if (user.status !== 'registered') throw new UserNotFound(userId)
  if (user.banned) throw new AccountBanned()
  return userId
}

/**
 * Refuses an envelope from a person on a break (issue 23): on the account its email names, on
 * another account of the same inbox, or, for a known account, one its details match.
 */
async function assertEntrantNotOnBreak(
  deps: AdminPostalEntryDeps,
  request: AdminPostalEntryRequest,
  known: string | undefined,
  now: Date,
): Promise<void> {
  if (known !== undefined) {
    const user = await loadUserState(deps.store, known)
    if (user.status === 'registered' && breakAt(user.play, now)) throw new EntrantOnBreak()
    if (await personBreakOf(deps.knex, known, now)) throw new EntrantOnBreak()
  }
  const { firstName, lastName, email, address, dateOfBirth } = request
  const hashes = personHashes(deps.secrets.oneTimeTokens, {
    firstName,
    lastName,
    email,
    address,
    dateOfBirth,
  })
  if (await breakMatching(deps.knex, hashes, now)) throw new EntrantOnBreak()
}

/** The postal entry a form already made, as the competition's stream holds it. */
function recorded(competition: Competition | undefined, entryId: string): Entry | undefined {
  const entry = competition?.entries.get(entryId)
  return entry?.postal ? entry : undefined
}

/**
 * Records a free entry by post: the entrant resolved by email, a reference taken, and
 * `RecordPostalEntry` decided on the competition's stream with the admin as the actor. The
 * form's id is the entry's id, so a second submission (a double click, a retry after a lost
 * answer) finds the entry the first made and takes no second reference or ticket.
 */
export async function recordPostalEntry(
  deps: AdminPostalEntryDeps,
  input: { readonly competitionId: string; readonly request: AdminPostalEntryRequest },
  context: CommandContext,
) {
  const { competitionId, request } = input
  const entryId = request.idempotencyKey
  const before = await deps.handler.load(competitionStream(competitionId), competitionDecider)
  const already = recorded(before.exists ? before : undefined, entryId)
  if (already) return { entry: already, position: undefined }
  // The entrant's age first, as registration checks it: the envelope's sender must be 18 or over.
  assertRegistrableDateOfBirth(request.dateOfBirth, context.now)
  const chain = deps.drandChain ?? quicknet
  // Used only when the competition has closed: the list is sealed again on a round nobody knows yet.
  const randomness = {
    source: 'drand' as const,
    chainHash: chain.chainHash,
    round: drandRound(new Date(context.now.getTime() + drandMargin), chain),
  }
  const command = (userId: string, entryReference: string): RecordPostalEntry => ({
    type: 'RecordPostalEntry',
    data: {
      competitionId,
      entryId,
      userId,
      answer: request.answer,
      ...(request.questionIndex === undefined ? {} : { questionIndex: request.questionIndex }),
      receivedAt: receivedMoment(request.receivedAt),
      entryReference,
      randomness,
    },
    metadata: { now: context.now },
  })
  // Refused before anything is made: no account and no reference for an envelope that arrived
  // late, a closed competition or a full one. A new entrant holds nothing yet, so any id will do.
  const known = await userIdByEmail(deps.knex, request.email)
  competitionDecider.decide(command(known ?? newEntrant, ''), before)
  await assertEntrantNotOnBreak(deps, request, known, context.now)
  const userId = await entrantOf(deps, request, context)
  const entryReference = await nextEntryReference(deps, context.now)
  const result = await runEntryCommand(deps.handler, command(userId, entryReference), context, {
    index: entryOwnersIndex(deps.knex),
  })
  return { entry: entryIn(competitionOf(result, competitionId), entryId), position: result.position }
}

/** Stands for an entrant with no account yet in the check made before one is opened. */
const newEntrant = 'new-entrant'

/** POST /api/admin/competitions/:id/postal-entries: admins only, recorded in the audit trail. */
export function adminPostalEntriesRouter(deps: AdminPostalEntryDeps): Router {
  const clock = deps.clock ?? (() => new Date())
  const router = new Router()
  router.use(jsonBody())
  router.use(authenticate({ secret: deps.secrets.jwt, sessions: createKnexSessionStore(deps.knex), clock }))
  router.post(endpoints.adminRecordPostalEntry.path, async (ctx) => {
    requireAdmin(ctx)
    const request = parseOr400(endpoints.adminRecordPostalEntry.request, ctx.request.body)
    const competitionId = ctx.params.id ?? ''
    const { entry, position } = await recordPostalEntry(
      deps,
      { competitionId, request },
      requestContext(ctx, clock),
    )
    if (position && deps.readModels) await deps.readModels.caughtUp(position)
    ctx.status = 201
    respond(ctx, 'adminRecordPostalEntry', {
      success: true,
      message: adminEntryMessages.postalRecorded,
      entry: {
        id: entry.entryId,
        entryReference: entry.entryReference ?? '',
        ticketNumbers: [...entry.ticketNumbers],
        userId: entry.userId,
      },
    })
  })
  return router
}
