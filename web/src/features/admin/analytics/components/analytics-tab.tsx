import { css, useTheme } from '@emotion/react'
import { Component, lazy, type MouseEvent, type ReactNode, Suspense } from 'react'
import { Alert } from '../../../../components/alert'
import { Button } from '../../../../components/button'
import { formatCount, formatDateTime, formatPrice } from '../../../../lib/format'
import { saveFile } from '../../../../lib/save-file'
import { showSnackbar } from '../../../../stores/ui-store'
import { AdminStack } from '../../shared/components/load-state'
import { useAdminAnalytics } from '../api/get-admin-analytics'
import { useAdminStats } from '../api/get-admin-stats'
import { analyticsLoadMessage } from '../model/analytics-errors'
import { analyticsCsv, analyticsCsvFileName, analyticsExportMessages } from '../model/analytics-export'
import { averageEntryTrend, conversionTrend, newUsersTrend, type Trend } from '../model/analytics-trends'

/** The charting library is in this chunk, fetched when the tab first has figures to draw. */
const AnalyticsCharts = lazy(() => import('./analytics-charts'))

/** Charts whose code could not be loaded say so; the figures above them still stand. */
class ChartsBoundary extends Component<{ readonly children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? (
      <Alert tone="error">The charts could not be loaded. Please reload the page to try again.</Alert>
    ) : (
      this.props.children
    )
  }
}

function StatCard({
  title,
  value,
  detail,
  trend,
}: {
  readonly title: string
  readonly value: string
  readonly detail: string
  readonly trend?: Trend
}) {
  const theme = useTheme()
  const tone = trend?.direction === 'up' ? theme.palette.success : theme.palette.warning
  return (
    <section
      aria-label={title}
      css={css`
        display: grid;
        gap: 6px;
        align-content: start;
        padding: 16px;
        border: 1px solid ${theme.palette.border};
        border-radius: ${theme.radius.md};
        background: ${theme.palette.background.surface};
        box-shadow: ${theme.shadow.card};
      `}
    >
      <h3
        css={css`
          margin: 0;
          font-size: 0.875rem;
          font-weight: 600;
          color: ${theme.palette.text.secondary};
        `}
      >
        {title}
      </h3>
      <p
        data-testid="stat-value"
        css={css`
          margin: 0;
          font-size: 1.75rem;
          font-weight: 800;
        `}
      >
        {value}
      </p>
      <p
        css={css`
          margin: 0;
          font-size: 0.875rem;
          color: ${theme.palette.text.secondary};
        `}
      >
        {detail}
      </p>
      {trend && (
        <p
          data-trend={trend.direction}
          css={css`
            justify-self: start;
            margin: 0;
            padding: 2px 10px;
            border-radius: ${theme.radius.pill};
            font-size: 0.8125rem;
            font-weight: 700;
            background: ${tone.soft};
            color: ${tone.text};
          `}
        >
          <span aria-hidden="true">{trend.direction === 'up' ? '▲' : '▼'} </span>
          {trend.label}
        </p>
      )}
    </section>
  )
}

/**
 * SPEC section 2's Analytics tab: the platform stats as four cards with trend indicators, revenue
 * by day and tickets by competition as charts, and the report as CSV. It asks only while `shown`,
 * then every 2 minutes while the document is visible; a failed load shows SPEC section 8's
 * message with Retry, and never figures that did not come from the server.
 */
export function AnalyticsTab({ shown }: { readonly shown: boolean }) {
  const theme = useTheme()
  const stats = useAdminStats(shown)
  const analytics = useAdminAnalytics(shown)
  const failure =
    (stats.isError ? analyticsLoadMessage(stats.error) : null) ??
    (analytics.isError ? analyticsLoadMessage(analytics.error) : null)

  function retry() {
    if (stats.isError) void stats.refetch()
    if (analytics.isError) void analytics.refetch()
  }

  function exportReport(event: MouseEvent<HTMLButtonElement>) {
    if (!stats.data) {
      showSnackbar(analyticsExportMessages.noData, { severity: 'warning' })
      return
    }
    try {
      const now = new Date()
      const csv = analyticsCsv(stats.data, now)
      saveFile(
        new Blob([csv], { type: 'text/csv;charset=utf-8' }),
        analyticsCsvFileName(now),
        event.currentTarget,
      )
      showSnackbar(analyticsExportMessages.exported, { severity: 'success' })
    } catch (error) {
      console.error('Analytics export failed', error)
      showSnackbar(analyticsExportMessages.failed, { severity: 'error' })
    }
  }

  const data = stats.data
  return (
    <AdminStack>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 12px;
          align-items: center;
          justify-content: space-between;
        `}
      >
        <h2
          css={css`
            margin: 0;
            font-size: 1.25rem;
          `}
        >
          Platform analytics
        </h2>
        <div
          css={css`
            display: flex;
            gap: 12px;
            align-items: center;
          `}
        >
          {stats.dataUpdatedAt > 0 && (
            <span
              css={css`
                font-size: 0.875rem;
                color: ${theme.palette.text.secondary};
              `}
            >
              Updated {formatDateTime(new Date(stats.dataUpdatedAt).toISOString())}
            </span>
          )}
          <Button type="button" size="sm" variant="outline" onClick={exportReport}>
            Export CSV
          </Button>
        </div>
      </div>

      {failure && (
        <Alert
          tone="error"
          action={
            <Button type="button" size="sm" variant="outline" onClick={retry}>
              Retry
            </Button>
          }
        >
          {failure}
        </Alert>
      )}

      {stats.isPending && !failure ? (
        <p role="status">Loading analytics…</p>
      ) : (
        data && (
          <div
            css={css`
              display: grid;
              gap: 16px;
              grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
            `}
          >
            <StatCard
              title="Users"
              value={formatCount(data.users.total)}
              detail={`${formatCount(data.users.new_30d)} new in 30 days · ${data.users.verification_rate}% verified`}
              trend={newUsersTrend(data.users.new_30d)}
            />
            <StatCard
              title="Competitions"
              value={formatCount(data.competitions.total)}
              detail={`${formatCount(data.competitions.active)} active · ${formatCount(data.competitions.featured)} featured`}
            />
            <StatCard
              title="Entries"
              value={formatCount(data.entries.total)}
              detail={`${formatCount(data.entries.paid)} paid · ${formatCount(data.entries.pending)} pending · ${formatCount(data.entries.today)} today · ${data.entries.conversion_rate}% conversion`}
              trend={conversionTrend(data.entries.conversion_rate)}
            />
            <StatCard
              title="Revenue"
              value={formatPrice(data.revenue.total)}
              detail={`${formatPrice(data.revenue.last_30d)} in 30 days · ${formatPrice(data.revenue.average_entry)} average entry`}
              trend={averageEntryTrend(data.revenue.average_entry)}
            />
          </div>
        )
      )}

      {analytics.data && (
        <ChartsBoundary>
          <Suspense fallback={<p role="status">Loading charts…</p>}>
            <AnalyticsCharts analytics={analytics.data} />
          </Suspense>
        </ChartsBoundary>
      )}
    </AdminStack>
  )
}
