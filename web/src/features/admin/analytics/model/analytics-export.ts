import type { AdminStatsResponse } from '@prizes/contracts'

type PlatformStats = AdminStatsResponse['stats']

/** SPEC section 8: what exporting the analytics report says. */
export const analyticsExportMessages = {
  noData: 'No analytics data to export',
  failed: 'Failed to export analytics report',
  exported: 'Analytics report exported successfully!',
} as const

export interface AnalyticsCsvRow {
  readonly metric: string
  readonly value: string
  readonly category: string
}

const money = (pounds: number) => pounds.toFixed(2)
const plain = (n: number) => String(n)

/**
 * SPEC section 3, "Analytics export": the platform stats as rows of Metric, Value and Category,
 * the categories and metric names as the spec lists them; money in pounds to 2 decimals, rates
 * in percent, and when the report was made.
 */
export function analyticsRows(stats: PlatformStats, generatedAt: Date): AnalyticsCsvRow[] {
  const rows: [string, string, string][] = [
    ['platform_summary', 'total_users', plain(stats.users.total)],
    ['platform_summary', 'total_competitions', plain(stats.competitions.total)],
    ['platform_summary', 'total_entries', plain(stats.entries.total)],
    ['platform_summary', 'conversion_rate', plain(stats.entries.conversion_rate)],
    ['platform_summary', 'total_revenue', money(stats.revenue.total)],
    ['user_metrics', 'new_users_30d', plain(stats.users.new_30d)],
    ['user_metrics', 'verified_users', plain(stats.users.verified)],
    ['user_metrics', 'verification_rate', plain(stats.users.verification_rate)],
    ['competition_metrics', 'active_competitions', plain(stats.competitions.active)],
    ['competition_metrics', 'featured_competitions', plain(stats.competitions.featured)],
    ['entry_metrics', 'paid_entries', plain(stats.entries.paid)],
    ['entry_metrics', 'pending_entries', plain(stats.entries.pending)],
    ['entry_metrics', 'entries_today', plain(stats.entries.today)],
    ['financial_metrics', 'revenue_30d', money(stats.revenue.last_30d)],
    ['financial_metrics', 'average_entry_value', money(stats.revenue.average_entry)],
    ['report', 'generated_at', generatedAt.toISOString()],
  ]
  return rows.map(([category, metric, value]) => ({ metric, value, category }))
}

/** A CSV field, quoted when it holds a comma, a quote or a line break. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** The report as CSV text: a header of Metric, Value, Category, then one line per row, CRLF. */
export function analyticsCsv(stats: PlatformStats, generatedAt: Date): string {
  const lines = [
    ['Metric', 'Value', 'Category'],
    ...analyticsRows(stats, generatedAt).map((row) => [row.metric, row.value, row.category]),
  ]
  return `${lines.map((line) => line.map(field).join(',')).join('\r\n')}\r\n`
}

/** The day a moment falls on in the UK, `YYYY-MM-DD` (the Canadian English format is ISO's). */
const ukDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/London',
})

/** The report is saved as a dated CSV file. */
export function analyticsCsvFileName(now: Date): string {
  return `analytics-report-${ukDay.format(now)}.csv`
}
