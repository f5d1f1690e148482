import { z } from 'zod'
import { maxLength, tooLongMessage } from '../bounds'
import { text } from '../text'

/** SPEC section 7 "Admin", the user commands: ban, unban, promote and demote. */

const reason = text(maxLength.reason, tooLongMessage('The reason', maxLength.reason)).trim()

/** Ban and unban: the payload is not shown in the spec; a reason, when given, goes to the audit trail. */
export const adminUserStandingRequest = z
  .undefined()
  .or(z.object({ reason: reason.min(1).optional() }))
  .transform((body) => body ?? {})
export type AdminUserStandingRequest = z.infer<typeof adminUserStandingRequest>

/** Promote and demote: a reason is required, and kept in the event's metadata. */
export const adminUserRoleRequest = z.object({ reason: reason.min(1, 'Please give a reason') })
export type AdminUserRoleRequest = z.infer<typeof adminUserRoleRequest>

export const adminUserActionResponse = z.object({ success: z.literal(true), message: z.string() })
export type AdminUserActionResponse = z.infer<typeof adminUserActionResponse>

export const adminUserMessages = {
  banned: 'User banned',
  unbanned: 'User unbanned',
  promoted: 'User promoted to admin',
  demoted: 'Admin rights removed',
} as const
