import { css, useTheme } from '@emotion/react'
import { postalPaymentLabel, type UserEntry } from '@prizes/contracts'
import { useState } from 'react'
import { Alert } from '../../../../components/alert'
import { Button } from '../../../../components/button'
import { Chip } from '../../../../components/chip'
import { formatDate, formatPrice } from '../../../../lib/format'
import { useNow } from '../../../../lib/use-now'
import { useEntries } from '../../api/get-entries'
import { entryStateLabel } from '../../model/entry-labels'

/** SPEC section 9: five entries before View All. */
const firstPage = 5

interface MyEntriesProps {
  readonly userId: string
  readonly onBrowse: () => void
}

/** My Entries (SPEC section 2): newest first, each with its competition's state. */
export function MyEntries({ userId, onBrowse }: MyEntriesProps) {
  const entries = useEntries(userId)
  const [all, setAll] = useState(false)
  const now = useNow()
  if (entries.isPending) return <p role="status">Loading your entries…</p>
  if (entries.data === undefined) {
    return (
      <Alert
        tone="error"
        action={
          <Button type="button" size="sm" variant="outline" onClick={() => entries.refetch()}>
            Retry
          </Button>
        }
      >
        We could not load your entries.
      </Alert>
    )
  }
  const list = entries.data
  if (list.length === 0) {
    return (
      <div
        css={css`
          display: grid;
          gap: 12px;
          justify-items: start;
        `}
      >
        <p>You have not entered any competitions yet.</p>
        <Button type="button" onClick={onBrowse}>
          Browse Competitions
        </Button>
      </div>
    )
  }
  const shown = all ? list : list.slice(0, firstPage)
  return (
    <div
      css={css`
        display: grid;
        gap: 12px;
      `}
    >
      <ul
        aria-label="My entries"
        css={css`
          display: grid;
          gap: 10px;
          margin: 0;
          padding: 0;
          list-style: none;
        `}
      >
        {shown.map((entry) => (
          <EntryRow key={entry.id} entry={entry} now={now} />
        ))}
      </ul>
      {list.length > firstPage && (
        <Button type="button" variant="outline" onClick={() => setAll((a) => !a)}>
          {all ? 'Show Fewer' : `View All (${list.length})`}
        </Button>
      )}
    </div>
  )
}

function EntryRow({ entry, now }: { readonly entry: UserEntry; readonly now: Date }) {
  const theme = useTheme()
  const state = entryStateLabel(entry, now)
  const tickets = entry.ticketNumbers.map((n) => `#${n}`).join(', ')
  return (
    <li
      css={css`
        display: grid;
        gap: 6px;
        padding: 14px 16px;
        border: 1px solid ${theme.palette.border};
        border-radius: ${theme.radius.md};
        background: ${theme.palette.background.surface};
      `}
    >
      <div
        css={css`
          display: flex;
          justify-content: space-between;
          align-items: flex-start;
          flex-wrap: wrap;
          gap: 8px;
        `}
      >
        <strong
          css={css`
            color: ${theme.palette.text.primary};
          `}
        >
          {entry.competitionTitle}
        </strong>
        <Chip tone={state.tone}>{state.label}</Chip>
      </div>
      <dl
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 4px 20px;
          margin: 0;
          font-size: 0.875rem;
          & div {
            display: flex;
            gap: 6px;
          }
          & dd {
            margin: 0;
            color: ${theme.palette.text.primary};
            font-weight: 600;
          }
        `}
      >
        <div>
          <dt>Reference</dt>
          <dd>{entry.entryReference ?? '—'}</dd>
        </div>
        <div>
          <dt>{entry.numberOfEntries === 1 ? 'Ticket' : `${entry.numberOfEntries} tickets`}</dt>
          <dd>{tickets || '—'}</dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd>{entry.entryMethod === 'postal' ? postalPaymentLabel : formatPrice(entry.totalCost)}</dd>
        </div>
        <div>
          <dt>Method</dt>
          <dd>{entry.entryMethod === 'postal' ? 'Postal' : 'Online'}</dd>
        </div>
        <div>
          <dt>Entered</dt>
          <dd>{formatDate(entry.entryDate)}</dd>
        </div>
      </dl>
    </li>
  )
}
