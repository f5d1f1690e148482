import { mutationOptions, useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import type { ChangePasswordValues } from '../model/forms'
import { replaceSessionToken } from '../stores/session-store'

const timeoutMs = 20_000

export function changePassword(values: ChangePasswordValues) {
  return apiClient.call('changePassword', { timeoutMs, body: values })
}

/** A password change ends older sessions; when the answer carries a fresh token, this session keeps it. */
export function tokenFrom(body: object): string | null {
  return 'token' in body && typeof body.token === 'string' && body.token !== '' ? body.token : null
}

export const changePasswordMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'change-password'],
    mutationFn: changePassword,
    onSuccess: (body) => {
      const token = tokenFrom(body)
      if (token) replaceSessionToken(token)
    },
  })

export function useChangePassword() {
  return useMutation(changePasswordMutationOptions())
}
