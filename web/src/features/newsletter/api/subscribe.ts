import { mutationOptions, useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 20_000

/** Double opt-in: the server emails a confirmation link; its answer is the same for every address. */
export function subscribeToNewsletter(email: string) {
  return apiClient.call('newsletterSubscribe', { timeoutMs, body: { email } })
}

export function confirmNewsletter(token: string) {
  return apiClient.call('newsletterConfirm', { timeoutMs, body: { token } })
}

export function unsubscribeFromNewsletter(token: string) {
  return apiClient.call('newsletterUnsubscribe', { timeoutMs, body: { token } })
}

export const subscribeMutationOptions = () =>
  mutationOptions({ mutationKey: ['newsletter', 'subscribe'], mutationFn: subscribeToNewsletter })

export function useSubscribeToNewsletter() {
  return useMutation(subscribeMutationOptions())
}
