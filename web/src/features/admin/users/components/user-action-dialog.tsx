import type { AdminUserRow } from '@prizes/contracts'
import { useState } from 'react'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { showSnackbar } from '../../../../stores/ui-store'
import { failureMessage } from '../../shared/model/errors'
import { useBanUser } from '../api/ban-user'
import { useDeleteAdminUser } from '../api/delete-admin-user'
import { useDemoteUser } from '../api/demote-user'
import { usePromoteUser } from '../api/promote-user'
import { useUnbanUser } from '../api/unban-user'
import { demoteReason, fullName, promoteReason, type UserAction, userActions } from '../model/user-actions'

const deletedMessage = (name: string, deletedEntries: number) =>
  deletedEntries === 0
    ? `${name} was deleted; no entries needed refunding`
    : `${name} was deleted; ${deletedEntries} ${deletedEntries === 1 ? 'entry was' : 'entries were'} refunded`

/** Asks before a ban, unban, promotion, demotion or deletion; a refusal stays in the dialog. */
export function UserActionDialog({
  user,
  action,
  onClose,
}: {
  readonly user: AdminUserRow
  readonly action: UserAction
  readonly onClose: () => void
}) {
  const ban = useBanUser()
  const unban = useUnbanUser()
  const promote = usePromoteUser()
  const demote = useDemoteUser()
  const remove = useDeleteAdminUser()
  const [error, setError] = useState<string | null>(null)
  const words = userActions[action]
  const name = fullName(user) || user.email
  const pending = [ban, unban, promote, demote, remove].some((mutation) => mutation.isPending)

  async function run(): Promise<string> {
    const { id } = user
    switch (action) {
      case 'ban':
        return (await ban.mutateAsync({ id })).message
      case 'unban':
        return (await unban.mutateAsync({ id })).message
      case 'promote':
        return (await promote.mutateAsync({ id, reason: promoteReason })).message
      case 'demote':
        return (await demote.mutateAsync({ id, reason: demoteReason })).message
      case 'delete':
        return deletedMessage(name, (await remove.mutateAsync(id)).deletedEntries)
    }
  }

  async function confirm() {
    setError(null)
    try {
      const message = await run()
      showSnackbar(action === 'delete' ? message : `${message}: ${name}`, { severity: 'success' })
      onClose()
    } catch (failure) {
      setError(failureMessage(words.failure, failure))
    }
  }

  return (
    <ConfirmDialog
      open
      title={words.title}
      colour={words.colour}
      message={
        <>
          <p>
            <strong>{name}</strong> ({user.email})
          </p>
          <p>{words.explain}</p>
        </>
      }
      confirmLabel={words.confirmLabel}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      pending={pending}
      error={error}
    />
  )
}
