import { mutationOptions, useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { type RegisterValues, registerPayload } from '../model/forms'

const timeoutMs = 20_000

/** No session follows: the email must be verified before the first login (SPEC section 4). */
export function register(values: RegisterValues) {
  return apiClient.call('register', { timeoutMs, body: registerPayload(values) })
}

export const registerMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'register'], mutationFn: register })

export function useRegister() {
  return useMutation(registerMutationOptions())
}
