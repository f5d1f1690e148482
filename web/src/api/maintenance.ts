import { errorCodes } from '@prizes/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../lib/api-client'
import { publicSettingsQueryKey } from './get-public-settings'

/** The server answered 503 MAINTENANCE: the site is closed for everyone but admins. */
export const isMaintenance = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 503 && error.code === errorCodes.maintenance

/**
 * Any call refused for maintenance: ask for the public settings again at once, so the
 * maintenance page shows now rather than at the next poll.
 */
export function noticeMaintenance(queryClient: QueryClient, error: unknown): void {
  if (isMaintenance(error)) void queryClient.invalidateQueries({ queryKey: publicSettingsQueryKey })
}
