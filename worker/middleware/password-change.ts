import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { ApiError } from '../lib/errors'

export const PASSWORD_CHANGE_REQUIRED = 'Password change required'

/**
 * docs/reference/trust-and-security.md §3: a user signed in with a temporary password (an admin's reset, or created without
 * one) may only ask who they are, sign out, sign in again, or change their own password
 * (PUT /api/usersv2/{own id}, which itself insists on a new password) — everything else is 403.
 * Decision: public reads are refused too while the flag is set; the SPA takes the user straight to
 * "Choose a new password", and signing out restores the visitor's view.
 */
export const passwordChangeGate = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.var.user
  if (!user?.resetPassword) return next()
  const path = c.req.path
  const own = c.req.method === 'PUT' && path === `/api/usersv2/${user.id}`
  if (own || path.startsWith('/api/auth/')) return next()
  throw new ApiError(403, PASSWORD_CHANGE_REQUIRED)
})
