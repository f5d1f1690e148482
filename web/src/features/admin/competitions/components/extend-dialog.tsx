import { type AdminCompetition, maxEndDateExtensionDays } from '@prizes/contracts'
import { useState } from 'react'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { TextField } from '../../../../components/form-field'
import { formatCount, formatDateTime } from '../../../../lib/format'
import { showSnackbar } from '../../../../stores/ui-store'
import { failureMessage } from '../../shared/model/errors'
import { useExtendCompetition } from '../api/extend-competition'
import { fromLocalInput, toLocalInput } from '../model/competition-form'

const dayMs = 86_400_000

/** Why the new end date cannot be used, in the server's words, or undefined when it can. */
function problemOf(value: string, now: Date): string | undefined {
  const end = Date.parse(fromLocalInput(value))
  if (Number.isNaN(end)) return 'Required'
  if (end <= now.getTime()) return 'The new end date must be in the future'
  if (end > now.getTime() + maxEndDateExtensionDays * dayMs) {
    return `The new end date must be at most ${maxEndDateExtensionDays} days from now`
  }
  return undefined
}

/**
 * Issue 14: extends an undersold competition's end date, once, after a confirmation. It reopens
 * for entries until then, and every entrant is emailed the new date.
 */
export function ExtendDialog({
  competition,
  onClose,
}: {
  readonly competition: AdminCompetition
  readonly onClose: () => void
}) {
  const extend = useExtendCompetition()
  const [endDate, setEndDate] = useState(() => toLocalInput(new Date(Date.now() + 14 * dayMs)))
  const [reason, setReason] = useState('')
  const [touched, setTouched] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const problem = problemOf(endDate, new Date())

  async function send() {
    setTouched(true)
    if (problem) return
    setError(null)
    const trimmed = reason.trim()
    try {
      const iso = fromLocalInput(endDate)
      await extend.mutateAsync({
        id: competition.id,
        request: { end_date: iso, ...(trimmed === '' ? {} : { reason: trimmed }) },
      })
      showSnackbar(`${competition.title} now ends ${formatDateTime(iso)}`, { severity: 'success' })
      onClose()
    } catch (failure) {
      setError(failureMessage('Failed to extend the end date', failure))
    }
  }

  return (
    <ConfirmDialog
      open
      title="Extend the end date"
      colour="warning"
      message={
        <>
          <p>
            <strong>{competition.title}</strong>
          </p>
          <p>
            {formatCount(competition.sold_tickets)} of the minimum{' '}
            {formatCount(competition.minimum_tickets ?? 0)} tickets were sold by the end date. Extending
            reopens it for entries until the new end date, and emails every entrant the new date. The end date
            can be extended only once.
          </p>
        </>
      }
      confirmLabel="Extend End Date"
      onConfirm={() => void send()}
      onCancel={onClose}
      pending={extend.isPending}
      error={error}
    >
      <TextField
        label="New end date"
        name="end_date"
        type="datetime-local"
        value={endDate}
        onValueChange={setEndDate}
        onBlur={() => setTouched(true)}
        hint={`At most ${maxEndDateExtensionDays} days from now`}
        error={touched ? problem : undefined}
      />
      <TextField
        label="Reason (optional)"
        name="reason"
        maxLength={500}
        hint="Kept in the competition’s history."
        value={reason}
        onValueChange={setReason}
      />
    </ConfirmDialog>
  )
}
