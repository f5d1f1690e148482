import type { AdminStatsResponse } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { analyticsCsv, analyticsCsvFileName, analyticsRows } from './analytics-export'

const stats: AdminStatsResponse['stats'] = {
  users: { total: 4, new_30d: 3, verified: 3, verification_rate: 75 },
  competitions: { total: 2, active: 1, featured: 1 },
  entries: { total: 5, paid: 2, pending: 1, today: 2, conversion_rate: 40 },
  revenue: { total: 8.97, last_30d: 2.99, average_entry: 4.5 },
}
const at = new Date('2026-03-05T12:34:56.000Z')

describe('analytics CSV (SPEC section 3, "Analytics export")', () => {
  it('has the columns Metric, Value, Category and a row per figure of each category', () => {
    expect(analyticsCsv(stats, at).split('\r\n')).toEqual([
      'Metric,Value,Category',
      'total_users,4,platform_summary',
      'total_competitions,2,platform_summary',
      'total_entries,5,platform_summary',
      'conversion_rate,40,platform_summary',
      'total_revenue,8.97,platform_summary',
      'new_users_30d,3,user_metrics',
      'verified_users,3,user_metrics',
      'verification_rate,75,user_metrics',
      'active_competitions,1,competition_metrics',
      'featured_competitions,1,competition_metrics',
      'paid_entries,2,entry_metrics',
      'pending_entries,1,entry_metrics',
      'entries_today,2,entry_metrics',
      'revenue_30d,2.99,financial_metrics',
      'average_entry_value,4.50,financial_metrics',
      'generated_at,2026-03-05T12:34:56.000Z,report',
      '',
    ])
  })

  it('writes money to two decimals', () => {
    const rows = analyticsRows({ ...stats, revenue: { total: 1000, last_30d: 0, average_entry: 0.1 } }, at)
    const value = (metric: string) => rows.find((row) => row.metric === metric)?.value
    expect([value('total_revenue'), value('revenue_30d'), value('average_entry_value')]).toEqual([
      '1000.00',
      '0.00',
      '0.10',
    ])
  })

  it('names the file after the UK day it was made', () => {
    expect(analyticsCsvFileName(at)).toBe('analytics-report-2026-03-05.csv')
    expect(analyticsCsvFileName(new Date('2026-07-01T23:30:00Z'))).toBe('analytics-report-2026-07-02.csv')
  })
})
