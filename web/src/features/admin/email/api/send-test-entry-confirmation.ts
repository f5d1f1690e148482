import type { TestEntryConfirmationRequest } from '@prizes/contracts'
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { emailOutboxQueryKey } from './get-email-outbox'

/** The server gives the SMTP server 10 s. */
const timeoutMs = 30_000

/** POST /api/email/test-entry-confirmation: the real template, with these details, to that address. */
export function sendTestEntryConfirmation(body: TestEntryConfirmationRequest) {
  return apiClient.call('emailTestEntryConfirmation', { timeoutMs, body })
}

/** The send is recorded in the outbox, so the list is asked again afterwards. */
export const sendTestEntryConfirmationMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'email', 'test-entry-confirmation'],
    mutationFn: sendTestEntryConfirmation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailOutboxQueryKey }),
  })

export function useSendTestEntryConfirmation() {
  const queryClient = useQueryClient()
  return useMutation(sendTestEntryConfirmationMutationOptions(queryClient))
}
