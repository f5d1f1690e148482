import { css, useTheme } from '@emotion/react'
import { Alert } from '../../../../components/alert'
import { Button } from '../../../../components/button'
import { formatCount, formatPrice } from '../../../../lib/format'
import { useEntryStats } from '../../api/get-entry-stats'

/** Total Entries, Total Spent, Active Entries and Prizes Won, from GET /api/entries/stats. */
export function DashboardStats({ userId }: { readonly userId: string }) {
  const theme = useTheme()
  const stats = useEntryStats(userId)
  if (stats.isError && stats.data === undefined) {
    return (
      <Alert
        tone="error"
        action={
          <Button type="button" size="sm" variant="outline" onClick={() => stats.refetch()}>
            Retry
          </Button>
        }
      >
        We could not load your statistics.
      </Alert>
    )
  }
  const value = (format: (s: NonNullable<typeof stats.data>) => string) =>
    stats.data === undefined ? '…' : format(stats.data)
  const cards = [
    { label: 'Total Entries', value: value((s) => formatCount(s.totalTicketsPurchased)) },
    { label: 'Total Spent', value: value((s) => formatPrice(s.totalSpent)) },
    { label: 'Active Entries', value: value((s) => formatCount(s.activeEntries)) },
    { label: 'Prizes Won', value: value((s) => formatCount(s.wonPrizes)) },
  ]
  return (
    <ul
      aria-label="Your statistics"
      aria-busy={stats.isPending}
      css={css`
        display: grid;
        grid-template-columns: repeat(2, 1fr);
        gap: 12px;
        margin: 0;
        padding: 0;
        list-style: none;
        ${theme.mq.md} {
          grid-template-columns: repeat(4, 1fr);
        }
      `}
    >
      {cards.map((card) => (
        <li
          key={card.label}
          css={css`
            display: grid;
            gap: 4px;
            padding: 16px;
            border-radius: ${theme.radius.md};
            background: ${theme.palette.background.surface};
            box-shadow: ${theme.shadow.card};
          `}
        >
          <span
            css={css`
              font-size: 0.8125rem;
              font-weight: 600;
              color: ${theme.palette.text.secondary};
            `}
          >
            {card.label}
          </span>
          <span
            data-testid={`stat-${card.label.toLowerCase().replaceAll(' ', '-')}`}
            css={css`
              font-size: 1.5rem;
              font-weight: 800;
              color: ${theme.palette.text.primary};
            `}
          >
            {card.value}
          </span>
        </li>
      ))}
    </ul>
  )
}
