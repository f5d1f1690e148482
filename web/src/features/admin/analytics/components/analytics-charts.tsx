import { css, useTheme } from '@emotion/react'
import type { AdminAnalytics } from '@prizes/contracts'
import { setAutoFreeze } from 'immer'
import type { ReactElement, ReactNode } from 'react'
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatCount, formatPrice } from '../../../../lib/format'
import { TableFrame, Td } from '../../shared/components/table'

// recharts keeps the chart's elements in its Redux store, and immer, under the store, freezes
// whatever it holds. The production build renders with Preact (see vite.config.ts), which writes
// its bookkeeping on the elements it renders, so a frozen one throws. The freeze only guards
// against mutating the store outside its reducers, which recharts does not do.
setAutoFreeze(false)

/** The analytics days are UTC days (`yyyy-mm-dd`), shown as "24 Nov". */
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`))

/** The label of the bar that sums the competitions outside the top ten. */
export const otherLabel = 'Other'

function ChartFigure({
  title,
  caption,
  figures,
  empty,
  children,
}: {
  readonly title: string
  readonly caption: string
  /** The chart's figures as a table, for screen readers and anyone who wants the numbers. */
  readonly figures: ReactNode
  /** Said instead of drawing the chart when there is nothing to draw. */
  readonly empty?: string
  readonly children: ReactElement
}) {
  const theme = useTheme()
  return (
    <figure
      aria-label={title}
      css={css`
        display: grid;
        gap: 12px;
        margin: 0;
        padding: 16px;
        border: 1px solid ${theme.palette.border};
        border-radius: ${theme.radius.md};
        background: ${theme.palette.background.surface};
        min-width: 0;
      `}
    >
      <figcaption>
        <h3
          css={css`
            margin: 0;
            font-size: 1.0625rem;
          `}
        >
          {title}
        </h3>
        <p
          css={css`
            margin: 4px 0 0;
            font-size: 0.875rem;
            color: ${theme.palette.text.secondary};
          `}
        >
          {caption}
        </p>
      </figcaption>
      {empty ? (
        <p>{empty}</p>
      ) : (
        <div aria-hidden="true">
          <ResponsiveContainer width="100%" height={280}>
            {children}
          </ResponsiveContainer>
        </div>
      )}
      <details>
        <summary
          css={css`
            cursor: pointer;
            font-size: 0.875rem;
            color: ${theme.palette.primary.text};
          `}
        >
          Show the figures
        </summary>
        <div
          css={css`
            margin-top: 8px;
          `}
        >
          {figures}
        </div>
      </details>
    </figure>
  )
}

/** Revenue by UTC day over the last thirty days: money taken less refunds made that day. */
function RevenueChart({ analytics }: { readonly analytics: AdminAnalytics }) {
  const theme = useTheme()
  const rows = analytics.revenue_by_day.map((row) => ({ ...row, label: dayLabel(row.day) }))
  return (
    <ChartFigure
      title="Revenue by day"
      caption={`Last 30 days, ${dayLabel(analytics.from)} to ${dayLabel(analytics.to)} (UTC): payments less refunds, in GBP.`}
      figures={
        <TableFrame label="Revenue by day" columns={['Day', 'Revenue']}>
          <tbody>
            {analytics.revenue_by_day.map((row) => (
              <tr key={row.day}>
                <Td>{dayLabel(row.day)}</Td>
                <Td>{formatPrice(row.revenue)}</Td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      }
    >
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.border} vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={16} />
        <YAxis tick={{ fontSize: 12 }} tickFormatter={(value: number) => `£${value}`} width={64} />
        <Tooltip formatter={(value) => [formatPrice(Number(value)), 'Revenue']} />
        <Bar dataKey="revenue" fill={theme.palette.primary.main} maxBarSize={24} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  )
}

/** Tickets sold by competition: the top ten, and the rest summed as Other. */
function TicketsChart({ analytics }: { readonly analytics: AdminAnalytics }) {
  const theme = useTheme()
  const rows = analytics.tickets_by_competition.map((row) => ({ key: row.competition_id, ...row }))
  if (analytics.other.tickets > 0) {
    rows.push({ key: 'other', competition_id: '', title: otherLabel, tickets: analytics.other.tickets })
  }
  return (
    <ChartFigure
      title="Tickets sold by competition"
      caption={
        analytics.other.competitions > 0
          ? `The ${analytics.tickets_by_competition.length} best-selling competitions; ${formatCount(analytics.other.competitions)} more as Other.`
          : 'Every competition that has sold tickets, most first.'
      }
      {...(rows.length === 0 ? { empty: 'No tickets sold yet.' } : {})}
      figures={
        <TableFrame label="Tickets sold by competition" columns={['Competition', 'Tickets sold']}>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <Td>{row.title}</Td>
                <Td>{formatCount(row.tickets)}</Td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      }
    >
      <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.border} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
        <YAxis type="category" dataKey="title" width={160} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => [formatCount(Number(value)), 'Tickets sold']} />
        <Bar dataKey="tickets" maxBarSize={36} isAnimationActive={false}>
          {rows.map((row) => (
            <Cell
              key={row.key}
              fill={row.key === 'other' ? theme.palette.text.secondary : theme.palette.accent.dark}
            />
          ))}
        </Bar>
      </BarChart>
    </ChartFigure>
  )
}

/** The Analytics tab's two charts; its own chunk, so the charting library loads only here. */
export default function AnalyticsCharts({ analytics }: { readonly analytics: AdminAnalytics }) {
  return (
    <div
      css={css`
        display: grid;
        gap: 16px;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
      `}
    >
      <RevenueChart analytics={analytics} />
      <TicketsChart analytics={analytics} />
    </div>
  )
}
