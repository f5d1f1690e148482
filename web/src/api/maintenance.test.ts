import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api-client'
import { publicSettingsQueryKey } from './get-public-settings'
import { isMaintenance, noticeMaintenance } from './maintenance'

describe('maintenance answers', () => {
  it('are 503 with the MAINTENANCE code only', () => {
    expect(isMaintenance(new ApiError(503, 'MAINTENANCE', 'Closed'))).toBe(true)
    expect(isMaintenance(new ApiError(503, 'SERVICE_UNAVAILABLE', 'Database down'))).toBe(false)
    expect(isMaintenance(new ApiError(403, 'MAINTENANCE', 'Odd'))).toBe(false)
    expect(isMaintenance(new Error('MAINTENANCE'))).toBe(false)
  })

  it('make the public settings stale at once, so the maintenance page shows', async () => {
    const client = new QueryClient()
    client.setQueryData(publicSettingsQueryKey, { maintenanceMode: false, allowRegistrations: true })
    noticeMaintenance(client, new ApiError(503, 'SERVICE_UNAVAILABLE', 'Database down'))
    expect(client.getQueryState(publicSettingsQueryKey)?.isInvalidated).toBe(false)
    noticeMaintenance(client, new ApiError(503, 'MAINTENANCE', 'Closed'))
    expect(client.getQueryState(publicSettingsQueryKey)?.isInvalidated).toBe(true)
  })
})
