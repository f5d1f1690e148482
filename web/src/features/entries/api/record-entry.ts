import type { UserEntry } from '@prizes/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { entriesQueryOptions } from './get-entries'
import { entryStatsQueryOptions } from './get-entry-stats'

/**
 * SPEC section 4: after confirmation the paid entry is added locally. The lists are marked stale
 * without refetching now (the read side may be a moment behind), so the dashboard asks the
 * server when it next opens.
 */
export function useRecordEntry() {
  const queryClient = useQueryClient()
  return useCallback(
    (entry: UserEntry, userId: string) => {
      const list = entriesQueryOptions(userId).queryKey
      queryClient.setQueryData(list, (entries) =>
        entries ? [entry, ...entries.filter((e) => e.id !== entry.id)] : undefined,
      )
      void queryClient.invalidateQueries({ queryKey: list, refetchType: 'none' })
      void queryClient.invalidateQueries({
        queryKey: entryStatsQueryOptions(userId).queryKey,
        refetchType: 'none',
      })
    },
    [queryClient],
  )
}
