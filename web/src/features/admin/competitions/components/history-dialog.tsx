import type { AdminCompetition } from '@prizes/contracts'
import { useState } from 'react'
import { Dialog } from '../../../../components/dialog'
import { Pager } from '../../../../components/pager'
import { HistoryTable } from '../../shared/components/history-table'
import { AdminStack, QueryView } from '../../shared/components/load-state'
import { useCompetitionHistory } from '../api/get-competition-history'

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
        <QueryView query={history} loading="Loading history…" failed="Failed to load history">
          {(data) =>
            data.total === 0 ? (
              <p>Nothing has happened to this competition yet.</p>
            ) : (
              <HistoryTable
                label={`History of ${competition.title}`}
                lines={data.events}
                what={(event) => event.summary}
              />
            )
          }
        </QueryView>
        {history.data && (
          <Pager label="History pages" page={page} pageCount={history.data.totalPages} onPage={setPage} />
        )}
      </AdminStack>
    </Dialog>
  )
}
