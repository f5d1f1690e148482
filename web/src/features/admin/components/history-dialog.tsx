import { css } from '@emotion/react'
import type { AdminCompetition } from '@prizes/contracts'
import { useState } from 'react'
import { Dialog } from '../../../components/dialog'
import { Pager } from '../../../components/pager'
import { formatDateTime } from '../../../lib/format'
import { useCompetitionHistory } from '../api/get-competition-history'
import { actorLabel } from '../model/history'
import { AdminStack, LoadFailed } from './load-state'
import { TableFrame, Td } from './table'

/** The competition's audit trail, oldest first, 50 events a page: when, who, what and why. */
export function HistoryDialog({
  competition,
  onClose,
}: {
  readonly competition: AdminCompetition
  readonly onClose: () => void
}) {
  const [page, setPage] = useState(1)
  const history = useCompetitionHistory(competition.id, page)
  return (
    <Dialog open onClose={onClose} title={`History: ${competition.title}`} size="xl">
      <AdminStack>
        {history.isPending ? (
          <p role="status">Loading history…</p>
        ) : history.isError ? (
          <LoadFailed
            message="Failed to load history"
            error={history.error}
            onRetry={() => history.refetch()}
          />
        ) : history.data.total === 0 ? (
          <p>Nothing has happened to this competition yet.</p>
        ) : (
          <TableFrame label={`History of ${competition.title}`} columns={['When', 'Who', 'What', 'Reason']}>
            <tbody>
              {history.data.events.map((event) => (
                <tr key={event.revision}>
                  <Td
                    css={css`
                      white-space: nowrap;
                    `}
                  >
                    <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>
                  </Td>
                  <Td>{actorLabel(event.actor)}</Td>
                  <Td>{event.summary}</Td>
                  <Td>{event.reason ?? '—'}</Td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
        {history.data && (
          <Pager label="History pages" page={page} pageCount={history.data.totalPages} onPage={setPage} />
        )}
      </AdminStack>
    </Dialog>
  )
}
