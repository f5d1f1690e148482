import type { AdminResponsiblePlay, AdminUserRow } from '@prizes/contracts'
import { useState } from 'react'
import { Alert } from '../../../../components/alert'
import { Button } from '../../../../components/button'
import { Dialog } from '../../../../components/dialog'
import { TextField } from '../../../../components/form-field'
import { formatDate, formatDateTime, formatPrice } from '../../../../lib/format'
import { showSnackbar } from '../../../../stores/ui-store'
import { AdminStack, QueryView } from '../../shared/components/load-state'
import { Facts } from '../../shared/components/table'
import { failureMessage } from '../../shared/model/errors'
import { useClearUserReview } from '../api/clear-user-review'
import { useAdminUser } from '../api/get-admin-user'
import { useUserResponsiblePlay } from '../api/get-user-responsible-play'
import { fullName } from '../model/user-actions'
import { breakText, limitText } from './responsible-play-cell'

/** A valid date as the list shows dates, else 'Unknown'. */
const dateOrUnknown = (iso: string | null | undefined) =>
  iso && !Number.isNaN(Date.parse(iso)) ? formatDate(iso) : 'Unknown'

/** SPEC section 3 "User details": contact details and the entry stats, from the server. */
export function UserDetailsDialog({
  user,
  onClose,
}: {
  readonly user: AdminUserRow
  readonly onClose: () => void
}) {
  const details = useAdminUser(user.id)
  return (
    <Dialog open onClose={onClose} title={`User: ${fullName(user) || user.email}`} size="md">
      <QueryView query={details} loading="Loading user…" failed="Failed to load user" stale="quiet">
        {(shown) => (
          <AdminStack>
            <Facts
              facts={[
                { term: 'Email', value: shown.email },
                { term: 'Phone', value: shown.phone || 'N/A' },
                { term: 'Address', value: shown.address || 'Not given' },
                { term: 'Role', value: shown.role === 'admin' ? 'Admin' : 'User' },
                { term: 'Email verified', value: shown.email_verified ? 'Yes' : 'No' },
                { term: 'Status', value: shown.banned ? 'Banned' : 'Active' },
                { term: 'Total entries', value: String(shown.total_entries) },
                { term: 'Total spent', value: formatPrice(shown.total_spent) },
                {
                  term: 'Last entry',
                  value: shown.last_entry_date ? dateOrUnknown(shown.last_entry_date) : 'None yet',
                },
                { term: 'Member since', value: dateOrUnknown(shown.created_at) },
                {
                  term: 'If they win',
                  value:
                    shown.winner_name_shown_as === 'place'
                      ? 'Objected: shown only as a winner from their town or county'
                      : 'Shown by first name and surname initial',
                },
                ...(shown.responsible_play
                  ? [
                      {
                        term: 'Spent in the last 30 days',
                        value: formatPrice(shown.responsible_play.spent_last_30_days),
                      },
                      { term: 'Monthly limit', value: limitText(shown.responsible_play) },
                      { term: 'Break', value: breakText(shown.responsible_play) ?? 'None' },
                      { term: 'Caps reached', value: String(shown.responsible_play.caps_reached) },
                    ]
                  : []),
              ]}
            />
            {shown.responsible_play?.held_for_review && <ClearReview userId={user.id} />}
            {shown.responsible_play && (
              <CappedCompetitions competitions={shown.responsible_play.capped_competitions ?? []} />
            )}
            <ResponsiblePlayChanges userId={user.id} />
          </AdminStack>
        )}
      </QueryView>
    </Dialog>
  )
}

/**
 * Issue 23: the account's name, date of birth and postcode match a person on a break, so it
 * cannot pay; an admin who has checked it is someone else clears it, saying why.
 */
function ClearReview({ userId }: { readonly userId: string }) {
  const clear = useClearUserReview()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  async function submit() {
    setError(undefined)
    try {
      const { message } = await clear.mutateAsync({ id: userId, reason: reason.trim() })
      showSnackbar(message, { severity: 'success' })
      setReason('')
    } catch (failure) {
      setError(failureMessage('Could not clear the review', failure))
    }
  }
  return (
    <section aria-label="Held for review">
      <h3>Held for review</h3>
      <Alert tone="warning">
        This account's name, date of birth and postcode match a person who is on a break or has excluded
        themselves. It can sign in but cannot enter until you clear it. Clear it only once you have checked it
        belongs to someone else.
      </Alert>
      <TextField
        label="Reason for clearing"
        value={reason}
        onValueChange={setReason}
        error={error}
        maxLength={500}
      />
      <Button disabled={clear.isPending || reason.trim() === ''} onClick={() => void submit()}>
        Clear review
      </Button>
    </section>
  )
}

/** The competitions in which the user holds as many entries as the cap per person allows. */
function CappedCompetitions({
  competitions,
}: {
  readonly competitions: NonNullable<AdminResponsiblePlay['capped_competitions']>
}) {
  return (
    <section aria-label="Entry caps reached">
      <h3>Entry caps reached</h3>
      {competitions.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {competitions.map((competition) => (
            <li key={competition.id}>
              {competition.title}: {competition.cap} of {competition.cap} entries
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The user's limit and break changes, newest first: the audit trail of their own choices. */
function ResponsiblePlayChanges({ userId }: { readonly userId: string }) {
  const changes = useUserResponsiblePlay(userId)
  return (
    <section aria-label="Limit and break changes">
      <h3>Limit and break changes</h3>
      <QueryView query={changes} loading="Loading changes…" failed="Failed to load changes" stale="quiet">
        {(rows) =>
          rows.length === 0 ? (
            <p>None recorded.</p>
          ) : (
            <ul>
              {rows.map((row) => (
                <li key={row.revision}>
                  {formatDateTime(row.occurredAt)}: {row.summary}
                  {row.actor.kind === 'admin' ? ` (by ${row.actor.name ?? row.actor.id})` : ''}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  )
}
