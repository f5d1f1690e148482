import type { AdminUserRow } from '@prizes/contracts'

/** The reasons the dashboard sends with a promotion and a demotion (kept in the audit trail). */
export const promoteReason = 'promoted via admin dashboard'
export const demoteReason = 'admin rights removed via admin dashboard'

/** The confirmed actions of a user row, each with its dialog's words and SPEC section 8's failure. */
export const userActions = {
  ban: {
    title: 'Ban user',
    confirmLabel: 'Ban',
    colour: 'error',
    failure: 'Failed to ban user',
    explain: 'Their sessions end at once; they can neither sign in nor enter until unbanned.',
  },
  unban: {
    title: 'Unban user',
    confirmLabel: 'Unban',
    colour: 'primary',
    failure: 'Failed to unban user',
    explain: 'They can sign in and enter again.',
  },
  promote: {
    title: 'Make admin',
    confirmLabel: 'Make Admin',
    colour: 'warning',
    failure: 'Failed to promote user',
    explain: 'They get every admin power from their next sign-in.',
  },
  demote: {
    title: 'Remove admin rights',
    confirmLabel: 'Remove Admin',
    colour: 'warning',
    failure: 'Failed to remove admin rights',
    explain: 'Their sessions end at once and they sign in again as an ordinary user.',
  },
  delete: {
    title: 'Delete user',
    confirmLabel: 'Delete',
    colour: 'error',
    failure: 'Failed to delete user',
    explain:
      'Their personal data is erased for good and their paid entries in open competitions are refunded. Entries already drawn stay in their sealed lists without their details. This cannot be undone.',
  },
} as const

export type UserAction = keyof typeof userActions

/** What a row offers: ban or unban by standing, promote or demote by role, never demoting oneself. */
export function actionsFor(
  user: Pick<AdminUserRow, 'id' | 'role' | 'banned'>,
  myId: string | null,
): UserAction[] {
  const own = user.id === myId
  const standing: UserAction[] = own ? [] : [user.banned ? 'unban' : 'ban']
  const role: UserAction[] = user.role === 'admin' ? (own ? [] : ['demote']) : ['promote']
  return [...standing, ...role, ...(own ? [] : (['delete'] as const))]
}

export const fullName = (user: Pick<AdminUserRow, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`.trim()
