import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { emailOutboxQueryKey } from './get-email-outbox'

/** Six messages one after another, each with 10 s on the server. */
const timeoutMs = 90_000

/** POST /api/email/test-all-templates: one of every template, each reported. */
export function sendAllTemplatesTest(recipient: string) {
  return apiClient.call('emailTestAllTemplates', { timeoutMs, body: { recipient } })
}

/** The sends are recorded in the outbox, so the list is asked again afterwards. */
export const sendAllTemplatesTestMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'email', 'test-all-templates'],
    mutationFn: sendAllTemplatesTest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailOutboxQueryKey }),
  })

export function useSendAllTemplatesTest() {
  const queryClient = useQueryClient()
  return useMutation(sendAllTemplatesTestMutationOptions(queryClient))
}
