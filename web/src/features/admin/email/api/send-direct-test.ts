import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { emailOutboxQueryKey } from './get-email-outbox'

/** The server gives the SMTP server 10 s. */
const timeoutMs = 30_000

/** POST /api/email/direct-test: one plain message. */
export function sendDirectTest(recipient: string) {
  return apiClient.call('emailDirectTest', { timeoutMs, body: { recipient } })
}

/** The send is recorded in the outbox, so the list is asked again afterwards. */
export const sendDirectTestMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'email', 'direct-test'],
    mutationFn: sendDirectTest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailOutboxQueryKey }),
  })

export function useSendDirectTest() {
  const queryClient = useQueryClient()
  return useMutation(sendDirectTestMutationOptions(queryClient))
}
