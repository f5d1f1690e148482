import { mutationOptions, useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { replaceSessionToken } from '../../../stores/session-store'
import type { ChangePasswordValues } from '../model/forms'

const timeoutMs = 20_000

export function changePassword(values: ChangePasswordValues) {
  return apiClient.call('changePassword', { timeoutMs, body: values })
}

export const changePasswordMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'change-password'],
    mutationFn: changePassword,
    // A password change ends older sessions; this one carries on with the fresh token it is given.
    onSuccess: ({ token }) => {
      if (token) replaceSessionToken(token)
    },
  })

export function useChangePassword() {
  return useMutation(changePasswordMutationOptions())
}
