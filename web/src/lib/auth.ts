import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { SignedOutTo } from '../../../worker/contract/auth'
import type { userChanges } from '../../../worker/contract/users'
import { api } from './api-client'
import { type AuthUser, authCheckQuery, authKeys, type Credentials, fetchAuthCheck, signedOut } from './auth-check'
import { loginTenant } from './tenant'

export type { AuthCheck, AuthUser, Credentials, Role } from './auth-check'
export { authCheckQuery, authKeys, fetchAuthCheck }

/** docs/reference/public-site.md §4 auth state: unknown at first (isLoading), then signed in or not. */
export function useAuth() {
  const query = useQuery(authCheckQuery)
  return {
    isLoading: query.isPending,
    isAuthenticated: query.data?.authenticated ?? false,
    user: query.data?.user ?? null,
  }
}

export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (credentials: Credentials) =>
      api.post<{ user: AuthUser }>('/api/auth/login', { ...credentials, ...loginTenant() }),
    // docs/reference/public-site.md §4: a successful login triggers a new auth check (it also rotates the XSRF cookie).
    onSuccess: () => queryClient.fetchQuery({ ...authCheckQuery, staleTime: 0 }),
  })
}

/** The user's own PUT /api/usersv2/{id} replacing the temporary password. */
export type NewPassword = Required<Pick<z.input<typeof userChanges>, 'oldPassword' | 'password'>>

/**
 * docs/reference/trust-and-security.md: the temporary password is replaced through the user's own PUT /api/usersv2/{id}. The
 * server keeps this session (on a fresh token) and ends the others; a new auth check lifts the flag.
 */
export function useChooseNewPassword(userId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: NewPassword) => api.put<{ user: unknown }>(`/api/usersv2/${userId}`, input),
    onSuccess: () => queryClient.fetchQuery({ ...authCheckQuery, staleTime: 0 }),
  })
}

/** docs/reference/public-site.md §2.5: after logout go to the organization's custom domain, else /{slug}, else /. */
export function logoutDestination(result: Partial<SignedOutTo> | undefined): string {
  if (result?.domain) return `https://${result.domain}`
  if (result?.slug) return `/${encodeURIComponent(result.slug)}`
  return '/'
}

export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<SignedOutTo>('/api/auth/logout'),
    onSuccess: (result) => {
      queryClient.setQueryData(authKeys.check, signedOut)
      queryClient.clear()
      // A full page load: nothing of the admin session lingers in memory.
      window.location.assign(logoutDestination(result))
    },
    onError: (error) => {
      // docs/reference/public-site.md §8: a logout failure is logged only. Re-check: if the session is gone the guard
      // takes the visitor to the sign-in page.
      console.error('Logout failed', error)
      void queryClient.invalidateQueries({ queryKey: authKeys.check })
    },
  })
}
