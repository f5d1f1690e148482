import { mutationOptions, useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { startSession } from '../../../stores/session-store'
import type { LoginValues } from '../model/forms'

const timeoutMs = 20_000

export function login(values: LoginValues) {
  return apiClient.call('login', { timeoutMs, body: values })
}

/** A successful login starts the session (user and token, SPEC section 4). */
export const loginMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'login'],
    mutationFn: login,
    onSuccess: ({ user, token }) => startSession(user, token),
  })

export function useLogin() {
  return useMutation(loginMutationOptions())
}
