import { mutationOptions, useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import type { ResetPasswordValues } from '../model/forms'

const timeoutMs = 20_000

export interface ResetPasswordInput extends ResetPasswordValues {
  readonly token: string
}

export function resetPassword(input: ResetPasswordInput) {
  return apiClient.call('resetPassword', { timeoutMs, body: input })
}

export const resetPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'reset-password'], mutationFn: resetPassword })

export function useResetPassword() {
  return useMutation(resetPasswordMutationOptions())
}
