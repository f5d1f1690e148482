import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { contactMessagesKey } from './get-contact-messages'

const timeoutMs = 15_000

export type ContactStep =
  | { readonly kind: 'answer'; readonly reference: string; readonly answer: string }
  | { readonly kind: 'close'; readonly reference: string; readonly note: string }

/**
 * POST /api/admin/contact-messages/:reference/answer (emailed to the sender) or /close (with an
 * optional note): the server refuses an answer to a closed message.
 */
export function takeContactStep(step: ContactStep) {
  const params = { reference: step.reference }
  if (step.kind === 'answer') {
    return apiClient.call('adminAnswerContactMessage', { timeoutMs, params, body: { answer: step.answer } })
  }
  const note = step.note.trim()
  return apiClient.call('adminCloseContactMessage', { timeoutMs, params, body: note === '' ? {} : { note } })
}

export const contactStepMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'contact-messages', 'step'],
    mutationFn: takeContactStep,
    // The list's status and the message's trail both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessagesKey }),
  })

export function useContactStep() {
  const queryClient = useQueryClient()
  return useMutation(contactStepMutationOptions(queryClient))
}
