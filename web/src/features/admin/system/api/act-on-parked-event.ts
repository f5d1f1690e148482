import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminQueryKey } from '../../shared/api/query-keys'
import { parkedEventsQueryKey } from './get-parked-events'

/** A retry runs the reactor's handler (a refund at the provider): it may take a while. */
const timeoutMs = 40_000

/** POST /api/admin/parked-events/:id/retry: the reactor handles the event again, now. */
export function retryParkedEvent(id: string) {
  return apiClient.call('adminRetryParkedEvent', { timeoutMs, params: { id } })
}

/** POST /api/admin/parked-events/:id/resolve: closed by hand, with the admin's reason. */
export function resolveParkedEvent({ id, reason }: { readonly id: string; readonly reason: string }) {
  return apiClient.call('adminResolveParkedEvent', { timeoutMs, params: { id }, body: { reason } })
}

/** The list, and the health's parked counts, are measured again after either. */
const settled = (queryClient: QueryClient) => () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: parkedEventsQueryKey }),
    queryClient.invalidateQueries({ queryKey: [...adminQueryKey, 'health'] }),
  ])

export const retryParkedEventMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'parked-events', 'retry'],
    mutationFn: retryParkedEvent,
    onSettled: settled(queryClient),
  })

export const resolveParkedEventMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'parked-events', 'resolve'],
    mutationFn: resolveParkedEvent,
    onSettled: settled(queryClient),
  })

export function useRetryParkedEvent() {
  const queryClient = useQueryClient()
  return useMutation(retryParkedEventMutationOptions(queryClient))
}

export function useResolveParkedEvent() {
  const queryClient = useQueryClient()
  return useMutation(resolveParkedEventMutationOptions(queryClient))
}
