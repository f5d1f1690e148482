import { z } from 'zod'
import { email, updateProfileRequest } from '../auth/schemas'
import { maxLength, tooLongMessage } from '../bounds'
import { adminResponsiblePlay } from '../responsible-play/admin'
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
  updated: 'User updated',
  deleted: 'User deleted',
} as const

/** SPEC section 9: the admin users list shows 10 rows a page. */
export const adminUsersPageSize = 10

const flag = z.enum(['true', 'false'], { message: 'Must be true or false' })

/** The list's query values: the page, a search over name or email, and the filters. */
export const adminUsersQuery = z.object({
  page: text(6, 'Must be a page number from 1')
    .regex(/^[1-9][0-9]*$/, 'Must be a page number from 1')
    .optional(),
  search: text(100, 'The search must be at most 100 characters').optional(),
  role: z.enum(['user', 'admin'], { message: 'Must be user or admin' }).optional(),
  verified: flag.optional(),
  banned: flag.optional(),
})
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>

/** SPEC section 3 "Admin list row"; `banned` too, for the ban and unban buttons. */
export const adminUserRow = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  isAdmin: z.boolean(),
  phone: z.string(),
  total_entries: z.number().int().nonnegative(),
  total_spent: z.number().nonnegative(),
  email_verified: z.boolean(),
  banned: z.boolean(),
  created_at: z.string(),
  marketing_emails: z.boolean(),
  /** Issue 14: the monthly limit, pending increase, break and 30-day spending, with the alert mark. */
  responsible_play: adminResponsiblePlay.optional(),
})
export type AdminUserRow = z.infer<typeof adminUserRow>

export const adminUsersResponse = z.object({
  success: z.literal(true),
  users: z.array(adminUserRow),
  page: z.number().int().positive(),
  pageSize: z.literal(adminUsersPageSize),
  /** Whether a next page exists (no count of every user is taken per request). */
  hasMore: z.boolean(),
})
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>

/** SPEC section 3 "User details": the row with the address and the stats. */
export const adminUserDetails = adminUserRow.extend({
  address: z.string(),
  last_entry_date: z.string().nullable(),
  /** Issue 24: how the public winners list would name them: `name` ("Grace H.") or `place` (they objected). */
  winner_name_shown_as: z.enum(['name', 'place']).optional(),
})
export const adminUserResponse = z.object({ success: z.literal(true), user: adminUserDetails })
export type AdminUserResponse = z.infer<typeof adminUserResponse>

/**
 * The admin's edit of a user (SPEC section 7, PUT /api/admin/users/{id}): the profile form's
 * fields and rules, and the email too, which must be free (the unique-email index decides).
 */
export const adminUpdateUserRequest = updateProfileRequest.extend({ email })
export type AdminUpdateUserRequest = z.infer<typeof adminUpdateUserRequest>

/** "the user object": the fields as now recorded. */
export const adminUpdatedUser = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
})
export const adminUpdateUserResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: adminUpdatedUser,
})
export type AdminUpdateUserResponse = z.infer<typeof adminUpdateUserResponse>

/**
 * DELETE /api/admin/users/{id}. `deletedEntries`: how many of the user's paid, unrefunded
 * entries in competitions still open (active) were taken out of play and refunded.
 */
export const adminDeleteUserResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  deletedEntries: z.number().int().nonnegative(),
})
export type AdminDeleteUserResponse = z.infer<typeof adminDeleteUserResponse>

/** The refund reason of the entries of a deleted user (EntryRefunded.reason). */
export const userDeletedRefundReason = 'user_deleted'
