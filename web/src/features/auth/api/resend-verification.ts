import { mutationOptions, useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import type { EmailValues } from '../model/forms'

/** SPEC section 9: verification calls give up after 30 s. */
const timeoutMs = 30_000

export function resendVerification(values: EmailValues) {
  return apiClient.call('resendVerification', { timeoutMs, body: values })
}

export const resendVerificationMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'resend-verification'], mutationFn: resendVerification })

export function useResendVerification() {
  return useMutation(resendVerificationMutationOptions())
}
