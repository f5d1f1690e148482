import { HttpError, serviceUnavailable } from '@prizes/platform'
import type { CommandContext } from '../event-metadata'
import type { ReadModels } from '../read-models'
import type { AccountDeps } from './deps'
import { eraseUser } from './erase'
import {
  type ErasureRefundDeps,
  ErasureRefundsRefused,
  planErasureRefunds,
  releaseErasedUserReservations,
  settleErasureRefunds,
} from './erasure-refunds'

export type DeleteUserDeps = Pick<AccountDeps, 'handler' | 'knex'> &
  ErasureRefundDeps & { readonly readModels?: ReadModels | undefined }

/** The reason an admin's deletion records, on UserErased and on each refund. */
export const userDeletedReason = 'Account deleted by an admin'

/**
 * An admin deletes a user (DELETE /api/admin/users/:id): UserErased with the admin as actor
 * (crypto-shredding: the key goes in the same transaction, so every personal value in the log and
 * the read models becomes unreadable), then the refunds of their paid entries in open
 * competitions (see `erasure-refunds.ts`), found from the command side's own rows and the
 * streams, never the read models; their open reservations are released first and their intents
 * cancelled (`releaseErasedUserReservations`). The admin's users list, fetched next, is waited for
 * (`readModels`), so it shows the erasure. Deleting a deleted user erases nothing and
 * settles whatever a crash left owed. Answers `deletedEntries`: how many of the user's entries
 * the deletion refunded and so took out of play.
 */
export async function deleteUser(
  deps: DeleteUserDeps,
  input: { readonly userId: string; readonly byUserId: string },
  context: CommandContext,
): Promise<{ readonly deletedEntries: number }> {
  const erased = await eraseUser(deps, input, context)
  if (erased.position && deps.readModels) await deps.readModels.caughtUp(erased.position)
  try {
    const by = { actor: context.actor, reason: context.reason ?? userDeletedReason }
    await releaseErasedUserReservations(deps, input.userId, by)
    await planErasureRefunds(deps, input.userId, by)
    return { deletedEntries: await settleErasureRefunds(deps, input.userId) }
  } catch (error) {
    // The erasure stands; what is owed is in the plan, which the reactor and a repeat settle.
    deps.logger.error({ err: error, userId: input.userId }, 'deleted user: refunds not all made yet')
    if (error instanceof ErasureRefundsRefused) {
      // Asking again will not change it: the reactor parks the erasure for an admin to act on.
      throw new HttpError(
        409,
        'REFUND_REFUSED',
        'The user was erased and their other refunds made, but the payment provider refused some (a disputed charge). They are listed under System Info, Parked events.',
      )
    }
    throw serviceUnavailable(
      'The user was erased, but their refunds could not all be made yet. They are retried automatically; deleting again finishes them now.',
      30,
    )
  }
}
