import { css } from '@emotion/react'
import type { AdminCompetition } from '@prizes/contracts'
import { useState } from 'react'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { TextField } from '../../../components/form-field'
import { Pager } from '../../../components/pager'
import { showSnackbar } from '../../../stores/ui-store'
import { useAdminCompetitions } from '../api/get-admin-competitions'
import { useSetCompetitionFeatured } from '../api/set-competition-featured'
import { failureMessage, reasonOf } from '../model/errors'
import { CompetitionFormDialog } from './competition-form-dialog'
import { CompetitionRow, type RowRequest } from './competition-row'
import { DeleteDialog } from './delete-dialog'
import { EntriesDialog } from './entries-dialog'
import { ExtendDialog } from './extend-dialog'
import { HistoryDialog } from './history-dialog'
import { AdminStack, LoadFailed } from './load-state'
import { StatusDialog } from './status-dialog'
import { TableFrame } from './table'
import { WinnerDialog } from './winner-dialog'

/** SPEC section 9: ten competitions a page. */
const pageSize = 10

type Open = RowRequest | { readonly kind: 'create' } | null

const matches = (competition: AdminCompetition, search: string) => {
  const wanted = search.trim().toLowerCase()
  return wanted === '' || `${competition.title} ${competition.prize}`.toLowerCase().includes(wanted)
}

/** The Competitions tab: the list from the server, never a stand-in, and what each status allows. */
export function CompetitionsTab({ onLeaveDashboard }: { readonly onLeaveDashboard: () => void }) {
  const competitions = useAdminCompetitions()
  const featured = useSetCompetitionFeatured()
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [open, setOpen] = useState<Open>(null)
  const [featuredPending, setFeaturedPending] = useState<ReadonlyMap<string, boolean>>(new Map())

  async function toggleFeatured(competition: AdminCompetition, value: boolean) {
    setFeaturedPending((pending) => new Map(pending).set(competition.id, value))
    try {
      await featured.mutateAsync({ id: competition.id, featured: value })
    } catch (error) {
      showSnackbar(failureMessage('Failed to toggle featured', error), { severity: 'error' })
    } finally {
      setFeaturedPending((pending) => {
        const next = new Map(pending)
        next.delete(competition.id)
        return next
      })
    }
  }

  if (competitions.isPending) return <p role="status">Loading competitions…</p>
  if (!competitions.data) {
    return (
      <LoadFailed
        message="Failed to load admin dashboard"
        error={competitions.error}
        onRetry={() => competitions.refetch()}
      />
    )
  }

  const found = competitions.data.filter((competition) => matches(competition, search))
  const pageCount = Math.max(1, Math.ceil(found.length / pageSize))
  const shownPage = Math.min(page, pageCount)
  const shown = found.slice((shownPage - 1) * pageSize, shownPage * pageSize)
  const close = () => setOpen(null)

  return (
    <AdminStack>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          align-items: end;
          justify-content: space-between;
          gap: 12px;
        `}
      >
        <div
          css={css`
            flex: 1 1 260px;
            max-width: 420px;
          `}
        >
          <TextField
            label="Search competitions"
            type="search"
            value={search}
            onValueChange={(value) => {
              setSearch(value)
              setPage(1)
            }}
          />
        </div>
        <Button type="button" onClick={() => setOpen({ kind: 'create' })}>
          Create Competition
        </Button>
      </div>
      {competitions.isError && (
        <Alert tone="warning">The list could not be refreshed: {reasonOf(competitions.error)}</Alert>
      )}
      {shown.length === 0 ? (
        <p>{search.trim() === '' ? 'No competitions yet.' : 'No competitions match your search.'}</p>
      ) : (
        <TableFrame
          label="Competitions"
          columns={['Competition', 'Price', 'Sold / Total', 'Ends', 'Status', 'Featured', 'Actions']}
        >
          <tbody>
            {shown.map((competition) => (
              <CompetitionRow
                key={competition.id}
                competition={competition}
                featuredPending={featuredPending.get(competition.id) ?? null}
                onFeatured={(value) => void toggleFeatured(competition, value)}
                onRequest={setOpen}
              />
            ))}
          </tbody>
        </TableFrame>
      )}
      <Pager label="Competitions pages" page={shownPage} pageCount={pageCount} onPage={setPage} />

      {open?.kind === 'create' && <CompetitionFormDialog competition={null} onClose={close} />}
      {open?.kind === 'edit' && <CompetitionFormDialog competition={open.competition} onClose={close} />}
      {open?.kind === 'status' && (
        <StatusDialog competition={open.competition} action={open.action} onClose={close} />
      )}
      {open?.kind === 'delete' && <DeleteDialog competition={open.competition} onClose={close} />}
      {open?.kind === 'extend' && <ExtendDialog competition={open.competition} onClose={close} />}
      {open?.kind === 'entries' && <EntriesDialog competition={open.competition} onClose={close} />}
      {open?.kind === 'history' && <HistoryDialog competition={open.competition} onClose={close} />}
      {open?.kind === 'winner' && (
        <WinnerDialog competition={open.competition} onClose={close} onLeaveDashboard={onLeaveDashboard} />
      )}
    </AdminStack>
  )
}
