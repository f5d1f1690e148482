import { css } from '@emotion/react'
import { type AdminCompetition, maxLength } from '@prizes/contracts'
import { useState } from 'react'
import { Alert } from '../../../../components/alert'
import { Button } from '../../../../components/button'
import { TextField } from '../../../../components/form-field'
import { MorePager } from '../../../../components/pager'
import { useSettled } from '../../../../lib/use-settled'
import { showSnackbar } from '../../../../stores/ui-store'
import { useAdminCompetitions } from '../../shared/api/get-admin-competitions'
import { AdminStack, LoadFailed } from '../../shared/components/load-state'
import { TableFrame } from '../../shared/components/table'
import { failureMessage, reasonOf } from '../../shared/model/errors'
import { useSetCompetitionFeatured } from '../api/set-competition-featured'
import { CompetitionFormDialog } from './competition-form-dialog'
import { CompetitionRow, type RowRequest } from './competition-row'
import { DeleteDialog } from './delete-dialog'
import { EntriesDialog } from './entries-dialog'
import { ExtendDialog } from './extend-dialog'
import { HistoryDialog } from './history-dialog'
import { StatusDialog } from './status-dialog'
import { WinnerDialog } from './winner-dialog'

type Open = RowRequest | { readonly kind: 'create' } | null

/**
 * The Competitions tab: ten a page from the server (SPEC section 9), searched there by title,
 * never a stand-in, and what each status allows.
 */
export function CompetitionsTab({ onLeaveDashboard }: { readonly onLeaveDashboard: () => void }) {
  const [searchInput, setSearchInput] = useState('')
  const search = useSettled(searchInput)
  // The page belongs to the search it was chosen for: a new search starts from its first page.
  const [paging, setPaging] = useState({ search, page: 1 })
  const page = paging.search === search ? paging.page : 1
  const setPage = (next: number) => setPaging({ search, page: next })
  const competitions = useAdminCompetitions({ page, search })
  const featured = useSetCompetitionFeatured()
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

  const shown = competitions.data.competitions
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
            value={searchInput}
            onValueChange={setSearchInput}
            maxLength={maxLength.title}
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
        <p>
          {page > 1
            ? 'No more competitions.'
            : search.trim() === ''
              ? 'No competitions yet.'
              : 'No competitions match your search.'}
        </p>
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
      <MorePager
        label="Competitions pages"
        page={page}
        hasMore={competitions.data.hasMore}
        onPage={setPage}
        busy={competitions.isPlaceholderData}
      />

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
