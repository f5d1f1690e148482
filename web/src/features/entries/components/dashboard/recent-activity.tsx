import { css } from '@emotion/react'
import { formatDate } from '../../../../lib/format'
import { useEntries } from '../../api/get-entries'

/** What the person did lately, from their own entries; nothing made up. */
export function RecentActivity({ userId }: { readonly userId: string }) {
  const entries = useEntries(userId)
  const latest = (entries.data ?? []).slice(0, 3)
  if (latest.length === 0) {
    return (
      <p>
        {entries.isPending ? 'Loading…' : 'No activity yet. Your entries will appear here as you make them.'}
      </p>
    )
  }
  return (
    <ul
      css={css`
        display: grid;
        gap: 8px;
        margin: 0;
        padding-left: 18px;
      `}
    >
      {latest.map((entry) => (
        <li key={entry.id}>
          {formatDate(entry.entryDate)}: you entered {entry.competitionTitle} with {entry.numberOfEntries}{' '}
          {entry.numberOfEntries === 1 ? 'ticket' : 'tickets'}.
        </li>
      ))}
    </ul>
  )
}
