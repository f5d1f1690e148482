import { css } from '@emotion/react'
import { type AdminCompetition, type AdminCompetitionEntry, postalPaymentLabel } from '@prizes/contracts'
import { useState } from 'react'
import { Alert } from '../../../../components/alert'
import { Chip } from '../../../../components/chip'
import { Dialog } from '../../../../components/dialog'
import { Pager } from '../../../../components/pager'
import { formatCount, formatDateTime, formatPrice } from '../../../../lib/format'
import { ExportCsvButton } from '../../shared/components/export-csv-button'
import { AdminStack, LoadFailed } from '../../shared/components/load-state'
import { Facts, TableFrame, Td } from '../../shared/components/table'
import { failureMessage, reasonOf } from '../../shared/model/errors'
import { useExportCompetitionEntries } from '../api/export-competition-entries'
import { useCompetitionEntries } from '../api/get-competition-entries'
import { entriesCsvFileName } from '../model/entries-export'
import { takesPostalEntries } from '../model/status-actions'
import { PostalEntryForm } from './postal-entry-form'

const paymentTones = {
  paid: 'success',
  pending: 'warning',
  failed: 'error',
  refunded: 'info',
} as const satisfies Record<AdminCompetitionEntry['paymentStatus'], string>

const paymentLabels: Record<AdminCompetitionEntry['paymentStatus'], string> = {
  paid: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
}

/** A competition's entries (SPEC section 3, "Competition entries listing"), 10 a page, with CSV export. */
export function EntriesDialog({
  competition,
  onClose,
}: {
  readonly competition: AdminCompetition
  readonly onClose: () => void
}) {
  const [page, setPage] = useState(1)
  const entries = useCompetitionEntries(competition.id, page)
  const exporter = useExportCompetitionEntries()

  const data = entries.data
  return (
    <Dialog open onClose={onClose} title={`Entries: ${competition.title}`} size="xl">
      <AdminStack>
        {entries.isPending ? (
          <p role="status">Loading entries…</p>
        ) : !data ? (
          <LoadFailed
            message="Failed to load entries"
            error={entries.error}
            onRetry={() => entries.refetch()}
          />
        ) : (
          <>
            <section aria-label="Entries summary">
              <Facts
                facts={[
                  { term: 'Total entries', value: formatCount(data.summary.total) },
                  { term: 'Paid', value: formatCount(data.summary.paid) },
                  { term: 'Pending', value: formatCount(data.summary.pending) },
                  { term: 'Revenue', value: formatPrice(data.summary.totalRevenue) },
                  { term: 'Tickets sold', value: formatCount(data.summary.totalTicketsSold) },
                ]}
              />
            </section>
            {entries.isError && (
              <Alert tone="warning">Showing the last page loaded: {reasonOf(entries.error)}</Alert>
            )}
            {data.entries.length === 0 ? (
              <p>No entries yet.</p>
            ) : (
              <TableFrame
                label={`Entries for ${competition.title}`}
                columns={[
                  'Reference',
                  'User Name',
                  'Email',
                  'Phone',
                  'Entries',
                  'Cost',
                  'Payment Status',
                  'Entry Date',
                  'Method',
                ]}
              >
                <tbody>
                  {data.entries.map((entry, index) => (
                    <tr key={entry.entryReference ?? `${page}-${index}`}>
                      <Td
                        css={css`
                          white-space: nowrap;
                        `}
                      >
                        {entry.entryReference ?? '—'}
                      </Td>
                      <Td>{entry.userName ?? '—'}</Td>
                      <Td>{entry.userEmail ?? '—'}</Td>
                      <Td>{entry.userPhone ?? 'N/A'}</Td>
                      <Td>{formatCount(entry.numberOfEntries)}</Td>
                      <Td>{entry.entryMethod === 'postal' ? 'Free' : formatPrice(entry.totalCost)}</Td>
                      <Td>
                        {entry.entryMethod === 'postal' ? (
                          <Chip tone="info">{postalPaymentLabel}</Chip>
                        ) : (
                          <Chip tone={paymentTones[entry.paymentStatus]}>
                            {paymentLabels[entry.paymentStatus]}
                          </Chip>
                        )}
                      </Td>
                      <Td>{formatDateTime(entry.entryDate)}</Td>
                      <Td>{entry.entryMethod === 'postal' ? <Chip tone="info">Postal</Chip> : 'Online'}</Td>
                    </tr>
                  ))}
                </tbody>
              </TableFrame>
            )}
            <Pager label="Entries pages" page={page} pageCount={data.totalPages} onPage={setPage} />
          </>
        )}
        {takesPostalEntries(competition.status) && <PostalEntryForm competition={competition} />}
        <div
          css={css`
            display: flex;
            justify-content: flex-end;
            gap: 12px;
          `}
        >
          <ExportCsvButton
            pending={exporter.isPending}
            download={() => exporter.mutateAsync(competition.id)}
            fileName={() => entriesCsvFileName(competition.title, new Date())}
            failure={(error) => failureMessage('Export failed', error)}
          />
        </div>
      </AdminStack>
    </Dialog>
  )
}
