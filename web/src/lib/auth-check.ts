// The startup auth check alone (main.tsx runs it before anything renders), apart from the sign-in
// and sign-out calls so a visitor's first load carries only this (docs/reference/performance.md, first-load budget).
import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { AuthCheck, credentials } from '../../../worker/contract/auth'
import { api } from './api-client'

export type { AuthCheck, AuthUser } from '../../../worker/contract/auth'
export type { Role } from '../../../worker/contract/users'

/** What the sign-in form sends; the tenant (domain or slug) is added from the address (lib/tenant.ts). */
export type Credentials = Pick<z.input<typeof credentials>, 'username' | 'password'>

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
