import { css } from '@emotion/react'
import { type AdminEntryRow, adminEntriesPageSize, maxLength } from '@prizes/contracts'
import { useState } from 'react'
import { Button } from '../../../../components/button'
import { Chip } from '../../../../components/chip'
import { ConfirmDialog } from '../../../../components/confirm-dialog'
import { SelectField, TextField } from '../../../../components/form-field'
import { MorePager } from '../../../../components/pager'
import { formatCount, formatDateTime, formatPrice } from '../../../../lib/format'
import { useSettled } from '../../../../lib/use-settled'
import { showSnackbar } from '../../../../stores/ui-store'
import { useAdminCompetitions } from '../../shared/api/get-admin-competitions'
import { ExportCsvButton } from '../../shared/components/export-csv-button'
import { AdminStack, QueryView } from '../../shared/components/load-state'
import { TableFrame, Td } from '../../shared/components/table'
import { failureMessage } from '../../shared/model/errors'
import { useExportEntries } from '../api/export-entries'
import { type AdminEntryFilters, useAdminEntries } from '../api/get-admin-entries'
import { useRefundEntry } from '../api/refund-entry'
import {
  allEntriesCsvFileName,
  canRefund,
  entryMessages,
  paymentShown,
  paymentStatusLabels,
} from '../model/admin-entries'
import { EntryDetailsDialog } from './entry-details-dialog'

type Open =
  | { readonly kind: 'view'; readonly entry: AdminEntryRow }
  | { readonly kind: 'refund'; readonly entry: AdminEntryRow }
  | null

const noFilters: AdminEntryFilters = { competition: '', paymentStatus: '', search: '' }

const paymentStatusOptions = [
  { value: '', label: 'All statuses' },
  ...(['paid', 'pending', 'failed', 'refunded'] as const).map((status) => ({
    value: status,
    label: paymentStatusLabels[status],
  })),
]

/**
 * The Entries tab (SPEC section 2): every entry on the platform, 15 a page and newest first, by
 * competition, payment status and a search (entry reference, or the entrant's name or email);
 * View opens the details, Refund (paid entries) asks for a reason first; Export CSV downloads
 * the entries the filters select.
 */
export function EntriesTab() {
  // The competition picker offers the first ten titles its own search finds (the list is paged
  // on the server), and keeps the chosen competition as an option whatever is searched next.
  const [findCompetition, setFindCompetition] = useState('')
  const competitions = useAdminCompetitions({ page: 1, search: useSettled(findCompetition) })
  const [chosen, setChosen] = useState<{ readonly value: string; readonly label: string } | null>(null)
  const [filters, setFilters] = useState<AdminEntryFilters>(noFilters)
  const search = useSettled(filters.search)
  const [page, setPage] = useState(1)
  const [open, setOpen] = useState<Open>(null)
  const applied = { ...filters, search }
  const entries = useAdminEntries(applied, page)
  const exporter = useExportEntries()

  function filter(change: Partial<AdminEntryFilters>) {
    setFilters((current) => ({ ...current, ...change }))
    setPage(1)
  }

  const found = (competitions.data?.competitions ?? []).map((competition) => ({
    value: competition.id,
    label: competition.title,
  }))
  const competitionOptions = [
    { value: '', label: 'All competitions' },
    ...(chosen &&
    filters.competition === chosen.value &&
    !found.some((option) => option.value === chosen.value)
      ? [chosen]
      : []),
    ...found,
  ]
  const close = () => setOpen(null)

  return (
    <AdminStack>
      <div
        css={css`
          display: grid;
          grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
          align-items: end;
          gap: 12px;
        `}
      >
        <TextField
          label="Search entries"
          type="search"
          hint="An entry reference, or the entrant's name or email"
          maxLength={100}
          value={filters.search}
          onValueChange={(value) => filter({ search: value })}
        />
        <TextField
          label="Find a competition"
          type="search"
          hint="Narrows the competitions offered below"
          maxLength={maxLength.title}
          value={findCompetition}
          onValueChange={setFindCompetition}
        />
        <SelectField
          label="Competition"
          value={filters.competition}
          onValueChange={(value) => {
            setChosen(competitionOptions.find((option) => option.value === value) ?? null)
            filter({ competition: value })
          }}
          options={competitionOptions}
        />
        <SelectField
          label="Payment status"
          value={filters.paymentStatus}
          onValueChange={(value) => filter({ paymentStatus: value as AdminEntryFilters['paymentStatus'] })}
          options={paymentStatusOptions}
        />
        <ExportCsvButton
          pending={exporter.isPending}
          download={() => exporter.mutateAsync(applied)}
          fileName={() => allEntriesCsvFileName(new Date())}
          failure={() => entryMessages.exportFailed}
        />
      </div>

      <QueryView
        query={entries}
        loading="Loading entries…"
        failed={entryMessages.loadFailed}
        stale={{ message: entryMessages.loadFailed }}
      >
        {(data) => (
          <>
            {data.entries.length === 0 ? (
              <p>{page > 1 ? 'No more entries.' : 'No entries match.'}</p>
            ) : (
              <TableFrame
                label="Entries"
                columns={[
                  'Reference',
                  'User Name',
                  'Competition',
                  'Entries',
                  'Cost',
                  'Payment Status',
                  'Entry Date',
                  'Method',
                  'Actions',
                ]}
              >
                <tbody>
                  {data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <Td
                        css={css`
                        white-space: nowrap;
                      `}
                      >
                        {entry.entry_reference ?? '—'}
                      </Td>
                      <Td>{entry.user_name ?? '—'}</Td>
                      <Td>{entry.competition_title || '—'}</Td>
                      <Td>{formatCount(entry.number_of_entries)}</Td>
                      <Td>{paymentShown(entry).cost}</Td>
                      <Td>
                        <Chip tone={paymentShown(entry).tone}>{paymentShown(entry).status}</Chip>
                      </Td>
                      <Td>{formatDateTime(entry.entry_date)}</Td>
                      <Td>{entry.entry_method === 'postal' ? <Chip tone="info">Postal</Chip> : 'Online'}</Td>
                      <Td>
                        <div
                          css={css`
                          display: flex;
                          gap: 8px;
                        `}
                        >
                          <Button
                            type="button"
                            size="sm"
                            variant="outline"
                            aria-label={`View entry ${entry.entry_reference ?? entry.id}`}
                            onClick={() => setOpen({ kind: 'view', entry })}
                          >
                            View
                          </Button>
                          {canRefund(entry) && (
                            <Button
                              type="button"
                              size="sm"
                              variant="outline"
                              aria-label={`Refund entry ${entry.entry_reference ?? entry.id}`}
                              onClick={() => setOpen({ kind: 'refund', entry })}
                            >
                              Refund
                            </Button>
                          )}
                        </div>
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </TableFrame>
            )}
            <MorePager
              label="Entries pages"
              page={page}
              hasMore={data.hasMore}
              onPage={setPage}
              note={`(${adminEntriesPageSize} a page)`}
            />
          </>
        )}
      </QueryView>

      {open?.kind === 'view' && (
        <EntryDetailsDialog
          entryId={open.entry.id}
          onClose={close}
          onRefund={(entry) => setOpen({ kind: 'refund', entry })}
        />
      )}
      {open?.kind === 'refund' && <RefundDialog entry={open.entry} onClose={close} />}
    </AdminStack>
  )
}

/** Confirms a refund with its reason; a refusal stays in the dialog with the server's reason. */
function RefundDialog({ entry, onClose }: { readonly entry: AdminEntryRow; readonly onClose: () => void }) {
  const refund = useRefundEntry()
  const [reason, setReason] = useState('')
  const [touched, setTouched] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const missing = reason.trim() === ''

  async function send() {
    setTouched(true)
    if (missing) return
    setError(null)
    try {
      await refund.mutateAsync({ id: entry.id, reason: reason.trim() })
      showSnackbar('Entry refunded', { severity: 'success' })
      onClose()
    } catch (failure) {
      setError(failureMessage(entryMessages.refundFailed, failure))
    }
  }

  return (
    <ConfirmDialog
      open
      title="Refund entry"
      colour="error"
      message={
        <>
          <p>
            Refund <strong>{formatPrice(entry.total_cost)}</strong> for entry{' '}
            <strong>{entry.entry_reference ?? entry.id}</strong>
            {entry.user_name ? ` (${entry.user_name})` : ''} in {entry.competition_title || 'its competition'}
            ?
          </p>
          <p>
            The money goes back to the card it was paid with, the tickets leave the draw and the entrant is
            emailed. It cannot be undone.
          </p>
        </>
      }
      confirmLabel="Refund"
      onConfirm={() => void send()}
      onCancel={onClose}
      pending={refund.isPending}
      error={error}
    >
      <TextField
        label="Reason"
        name="reason"
        required
        maxLength={500}
        hint="Kept in the competition's history and sent to the entrant."
        value={reason}
        onValueChange={setReason}
        onBlur={() => setTouched(true)}
        error={touched && missing ? 'Please give a reason' : undefined}
      />
    </ConfirmDialog>
  )
}
