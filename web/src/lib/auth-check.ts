// The startup auth check alone (main.tsx runs it before anything renders), apart from the sign-in
// and sign-out calls so a visitor's first load carries only this (docs/reference/performance.md, first-load budget).
import { queryOptions } from '@tanstack/react-query'
import { api } from './api-client'

export type Role = 'super_admin' | 'org_owner' | 'staff'

export interface AuthUser {
  id: number
  username: string
  email: string | null
  role: Role
  organization_id: number
  theme: 'light' | 'dark'
  resetPassword: boolean
  /** Signed in with a temporary password: the server refuses everything until a new one is chosen. */
  mustChangePassword: boolean
  sports: { id: number; name: string }[]
  organization: { id: number; name: string; slug: string; domain: string | null } | null
}

export interface AuthCheck {
  authenticated: boolean
  user: AuthUser | null
}

export interface Credentials {
  username: string
  password: string
}

export const signedOut: AuthCheck = { authenticated: false, user: null }

export const authKeys = { check: ['auth', 'check'] as const }

/** docs/reference/public-site.md §8: a failed auth check counts as not signed in. */
export async function fetchAuthCheck(): Promise<AuthCheck> {
  try {
    const result = await api.get<AuthCheck>('/api/auth/check-auth')
    return result?.authenticated && result.user ? result : signedOut
  } catch {
    return signedOut
  }
}

export const authCheckQuery = queryOptions({
  queryKey: authKeys.check,
  queryFn: fetchAuthCheck,
  staleTime: 5 * 60_000,
})
