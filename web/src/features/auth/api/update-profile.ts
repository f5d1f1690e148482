import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { setSessionUser } from '../../../stores/session-store'
import type { ProfileValues } from '../model/forms'
import { profileQueryOptions } from './get-profile'

const timeoutMs = 20_000

/** The email is read-only and not sent (SPEC section 5: contact support to change it). */
export function updateProfile(values: ProfileValues) {
  return apiClient.call('updateProfile', { timeoutMs, body: values })
}

export const updateProfileMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['auth', 'profile', 'update'],
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      setSessionUser(user)
      queryClient.setQueryData(profileQueryOptions().queryKey, user)
    },
  })

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation(updateProfileMutationOptions(queryClient))
}
