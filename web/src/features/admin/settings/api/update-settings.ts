import type { AdminSettingsRequest } from '@prizes/contracts'
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { publicSettingsQueryKey } from '../../../../api/get-public-settings'
import { apiClient } from '../../../../lib/api-client'
import { settingsQueryOptions } from './get-settings'

const timeoutMs = 20_000

/** PUT /api/admin/settings: only the settings given change; the answer is the stored whole. */
export function updateSettings(changes: AdminSettingsRequest) {
  return apiClient.call('adminUpdateSettings', { timeoutMs, body: changes })
}

export const updateSettingsMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'settings', 'update'],
    mutationFn: updateSettings,
    onSuccess: async ({ settings }) => {
      // The switches show what the server stored, never what was asked for.
      queryClient.setQueryData(settingsQueryOptions().queryKey, settings)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: publicSettingsQueryKey }),
      ])
    },
  })

export function useUpdateSettings() {
  const queryClient = useQueryClient()
  return useMutation(updateSettingsMutationOptions(queryClient))
}
