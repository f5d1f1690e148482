import { mutationOptions, useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'

const timeoutMs = 60_000

/** GET /api/admin/competitions/:id/entries/export: every entry as CSV (SPEC section 9's nine columns). */
export function exportCompetitionEntries(id: string): Promise<Blob> {
  return apiClient.download('adminExportCompetitionEntries', { timeoutMs, params: { id } })
}

export const exportCompetitionEntriesMutationOptions = () =>
  mutationOptions({
    mutationKey: ['admin', 'competitions', 'export-entries'],
    mutationFn: exportCompetitionEntries,
  })

export function useExportCompetitionEntries() {
  return useMutation(exportCompetitionEntriesMutationOptions())
}
