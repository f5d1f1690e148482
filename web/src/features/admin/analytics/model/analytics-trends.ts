/** SPEC section 9, "Analytics trends": the thresholds the stat cards' indicators use. */
export const trendThresholds = {
  /** Paid entries over all entries, percent: above this is good. */
  conversionRate: 10,
  /** Revenue per paid entry, pounds: above this is high. */
  averageEntry: 3,
  /** New users in the last 30 days: above this is growth. */
  newUsers: 0,
} as const

export interface Trend {
  /** Up is the good side of the threshold; down the other. */
  readonly direction: 'up' | 'down'
  readonly label: string
}

export function conversionTrend(conversionRate: number): Trend {
  return conversionRate > trendThresholds.conversionRate
    ? { direction: 'up', label: 'Good conversion' }
    : { direction: 'down', label: 'Low conversion' }
}

export function averageEntryTrend(averageEntry: number): Trend {
  return averageEntry > trendThresholds.averageEntry
    ? { direction: 'up', label: 'High average entry' }
    : { direction: 'down', label: 'Low average entry' }
}

export function newUsersTrend(newUsers: number): Trend {
  return newUsers > trendThresholds.newUsers
    ? { direction: 'up', label: 'Growing' }
    : { direction: 'down', label: 'No new users' }
}
