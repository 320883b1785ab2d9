import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { User as UserDetails, userChanges } from '../../../../worker/contract/users'
import { api } from '../../lib/api-client'
import { authKeys } from '../../lib/auth'

export type { UserDetails }

/** docs/reference/league-admin.md §7 PUT /api/usersv2/{id}: username, email, oldPassword, password, theme. */
export type UserSettingsInput = z.input<typeof userChanges>

export const settingsKeys = { user: (id: number) => ['settings', 'user', id] as const }

export const fetchUserDetails = (id: number) => api.get<{ user: UserDetails }>(`/api/usersv2/${id}`).then((body) => body.user)

export const useUserDetails = (id: number | undefined) =>
  useQuery({ queryKey: settingsKeys.user(id ?? 0), queryFn: () => fetchUserDetails(id as number), enabled: Boolean(id) })

/**
 * docs/reference/league-admin.md §5: the username falls back to the current one; email, old password and new password
 * are sent as null when empty.
 */
export function settingsPayload(
  form: { username: string; email: string; oldPassword: string; password: string },
  current: UserDetails,
): UserSettingsInput {
  const orNull = (value: string) => (value.trim() === '' ? null : value)
  return {
    username: form.username.trim() || current.username,
    email: orNull(form.email.trim()),
    oldPassword: orNull(form.oldPassword),
    password: orNull(form.password),
    theme: current.theme,
    version: current.version ?? null,
  }
}

export function useUpdateUserSettings(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UserSettingsInput) =>
      api.put<{ user: UserDetails }>(`/api/usersv2/${id}`, input).then((body) => body.user),
    onSuccess: (user) => {
      queryClient.setQueryData(settingsKeys.user(id), user)
      // The top bar shows the signed-in username.
      return queryClient.invalidateQueries({ queryKey: authKeys.check })
    },
    // Refused as stale (409): read the account again so the next save starts from what is saved.
    onError: () => queryClient.invalidateQueries({ queryKey: settingsKeys.user(id) }),
  })
}
