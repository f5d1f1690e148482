import { css } from '@emotion/react'
import type { AdminEntryDetails, AdminEntryRow } from '@prizes/contracts'
import { Button } from '../../../../components/button'
import { Chip } from '../../../../components/chip'
import { Dialog } from '../../../../components/dialog'
import { formatCount, formatDateTime } from '../../../../lib/format'
import { HistoryTable } from '../../shared/components/history-table'
import { AdminStack, QueryView } from '../../shared/components/load-state'
import { Facts } from '../../shared/components/table'
import { useAdminEntry } from '../api/get-admin-entry'
import { canRefund, entryMessages, paymentShown } from '../model/admin-entries'

const answerLabel = (correct: boolean | null) =>
  correct === null ? 'Not marked yet' : correct ? 'Correct' : 'Incorrect'

/**
 * One entry (SPEC section 3 "Entry (admin)" details): the answer and whether it is correct, the
 * entrant, the ticket numbers, and its payment and refund history with who did what and why.
 */
export function EntryDetailsDialog({
  entryId,
  onClose,
  onRefund,
}: {
  readonly entryId: string
  readonly onClose: () => void
  readonly onRefund: (entry: AdminEntryRow) => void
}) {
  const entry = useAdminEntry(entryId)
  return (
    <Dialog open onClose={onClose} title="Entry details" size="lg">
      <AdminStack>
        <QueryView query={entry} loading="Loading entry…" failed={entryMessages.detailsFailed}>
          {(data) => <Details entry={data} onRefund={onRefund} />}
        </QueryView>
      </AdminStack>
    </Dialog>
  )
}

function Details({
  entry,
  onRefund,
}: {
  readonly entry: AdminEntryDetails
  readonly onRefund: (entry: AdminEntryRow) => void
}) {
  const user = entry.userDetails
  const name = `${user.firstName} ${user.lastName}`.trim()
  return (
    <>
      <section aria-label="Entry summary">
        <Facts
          facts={[
            { term: 'Reference', value: entry.entry_reference ?? '—' },
            { term: 'Competition', value: entry.competition_title || '—' },
            { term: 'Entries', value: formatCount(entry.number_of_entries) },
            { term: 'Cost', value: paymentShown(entry).cost },
            {
              term: 'Payment Status',
              value: <Chip tone={paymentShown(entry).tone}>{paymentShown(entry).status}</Chip>,
            },
            { term: 'Entry Date', value: formatDateTime(entry.entry_date) },
            {
              term: 'Method',
              value: entry.entry_method === 'postal' ? 'Postal (free entry by post)' : 'Online',
            },
            { term: 'Answer', value: entry.skill_question_answer },
            { term: 'Answer is', value: answerLabel(entry.answer_correct) },
            {
              term: 'Ticket numbers',
              value:
                entry.ticket_numbers.length === 0
                  ? 'None'
                  : entry.ticket_numbers.map((n) => `#${n}`).join(', '),
            },
            ...(entry.refunded_at
              ? [
                  { term: 'Refunded', value: formatDateTime(entry.refunded_at) },
                  { term: 'Refund reason', value: entry.refund_reason ?? '—' },
                ]
              : []),
          ]}
        />
      </section>
      <section aria-label="Entrant">
        <h3
          css={css`
            margin: 0 0 8px;
            font-size: 1rem;
          `}
        >
          Entrant
        </h3>
        {user.erased ? (
          <p>This user's personal data has been erased.</p>
        ) : (
          <Facts
            facts={[
              { term: 'Name', value: name || '—' },
              { term: 'Email', value: user.email || '—' },
              { term: 'Phone', value: user.phone || 'N/A' },
              { term: 'Address', value: user.address || '—' },
            ]}
          />
        )}
      </section>
      <section aria-label="Payment and refund history">
        <h3
          css={css`
            margin: 0 0 8px;
            font-size: 1rem;
          `}
        >
          Payment and refund history
        </h3>
        {entry.history.length === 0 ? (
          <p>No history recorded yet.</p>
        ) : (
          <HistoryTable label="Entry history" lines={entry.history} what={(event) => event.summary} />
        )}
      </section>
      {canRefund(entry) && (
        <div
          css={css`
            display: flex;
            justify-content: flex-end;
          `}
        >
          <Button type="button" variant="outline" onClick={() => onRefund(entry)}>
            Refund
          </Button>
        </div>
      )}
    </>
  )
}
