import type { AdminCompetition } from '@prizes/contracts'
import { useState } from 'react'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { showSnackbar } from '../../../../stores/ui-store'
import { failureMessage } from '../../shared/model/errors'
import { useDeleteCompetition } from '../api/delete-competition'

/** Deletes a draft or cancelled competition after asking; its stream stays for the auditors. */
export function DeleteDialog({
  competition,
  onClose,
}: {
  readonly competition: AdminCompetition
  readonly onClose: () => void
}) {
  const remove = useDeleteCompetition()
  const [error, setError] = useState<string | null>(null)

  async function confirm() {
    setError(null)
    try {
      await remove.mutateAsync(competition.id)
      showSnackbar(`${competition.title} was deleted`, { severity: 'success' })
      onClose()
    } catch (failure) {
      setError(failureMessage('Failed to delete competition', failure))
    }
  }

  return (
    <ConfirmDialog
      open
      title="Delete competition"
      colour="error"
      message={
        <>
          <p>
            <strong>{competition.title}</strong>
          </p>
          <p>
            Deleting removes the competition from every list. Its history stays in the audit log. This cannot
            be undone.
          </p>
        </>
      }
      confirmLabel="Delete"
      onConfirm={() => void confirm()}
      onCancel={onClose}
      pending={remove.isPending}
      error={error}
    />
  )
}
