import { mutationOptions, useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import type { EmailValues } from '../model/forms'

const timeoutMs = 20_000

export function forgotPassword(values: EmailValues) {
  return apiClient.call('forgotPassword', { timeoutMs, body: values })
}

export const forgotPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'forgot-password'], mutationFn: forgotPassword })

export function useForgotPassword() {
  return useMutation(forgotPasswordMutationOptions())
}
