import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { emailOutboxQueryKey } from './get-email-outbox'

const timeoutMs = 20_000

/** POST /api/admin/email/outbox/:id/resend: a failed email goes back to be sent. */
export function resendEmail(id: string) {
  return apiClient.call('adminResendEmail', { timeoutMs, params: { id } })
}

export const resendEmailMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'email', 'resend'],
    mutationFn: resendEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailOutboxQueryKey }),
  })

export function useResendEmail() {
  const queryClient = useQueryClient()
  return useMutation(resendEmailMutationOptions(queryClient))
}
