import { mutationOptions, useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { type AdminEntryFilters, entryFilterQuery } from './get-admin-entries'

/** A million rows take a while to stream. */
const timeoutMs = 600_000

/** GET /api/admin/entries/export: the entries the filters select as CSV (SPEC section 9's columns). */
export function exportEntries(filters: AdminEntryFilters): Promise<Blob> {
  return apiClient.download('adminExportEntries', { timeoutMs, query: entryFilterQuery(filters) })
}

export const exportEntriesMutationOptions = () =>
  mutationOptions({
    mutationKey: ['admin', 'entries', 'export'],
    mutationFn: exportEntries,
  })

export function useExportEntries() {
  return useMutation(exportEntriesMutationOptions())
}
