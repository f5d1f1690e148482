import type { UserEntry } from '@prizes/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { responsiblePlayQueryOptions } from '../../../api/get-responsible-play'
import { entriesQueryOptions } from './get-entries'
import { entryStatsQueryOptions } from './get-entry-stats'

/**
 * SPEC section 4: after confirmation the paid entry is added locally. The lists, the stats and
 * the spending this month (Limits & breaks) are marked stale without refetching now (the read
 * side may be a moment behind), so each asks the server when it next opens.
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
      void queryClient.invalidateQueries({
        queryKey: responsiblePlayQueryOptions().queryKey,
        refetchType: 'none',
      })
    },
    [queryClient],
  )
}
