import { formatPence, type ResponsiblePlayStatus, responsiblePlayMessages } from '@prizes/contracts'
import { Alert } from '../../../components/alert'

/**
 * Above the entry form for a signed-in user: a break in force (entering is refused until it
 * ends), or what is left under their monthly limit.
 */
export function EntryPlayNotice({ status }: { readonly status: ResponsiblePlayStatus | undefined }) {
  if (!status) return null
  if (status.onBreak)
    return <Alert tone="warning">{responsiblePlayMessages.onBreak(status.onBreak.endsAt)}</Alert>
  if (status.limitPence === null || status.leftThisMonthPence === null) return null
  return (
    <p data-testid="limit-left">
      Your monthly spending limit is {formatPence(status.limitPence)}:{' '}
      {formatPence(status.leftThisMonthPence)} left this month.
    </p>
  )
}
