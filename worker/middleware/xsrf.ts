import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { ApiError } from '../lib/errors'
import { timingSafeEqual } from '../lib/password'
import { XSRF_COOKIE } from './session'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const bytes = (text: string) => new TextEncoder().encode(text)

/**
 * Double-submit anti-forgery check on every state-changing /api call (docs/reference/public-site.md §7): header
 * X-XSRF-TOKEN must equal cookie XSRF-TOKEN, and once signed in, the token bound to the session.
 * hono/csrf alone would not cover JSON bodies.
 */
/**
 * Writes authorized by a signed link instead of a session (docs/members.md "Links in e-mails"): a mail
 * program's one-click unsubscribe (RFC 8058) sends no cookie and no token, and needs none — the link's
 * signature names the one member and the one thing it may do.
 */
const SIGNED_LINK_WRITES = new Set(['/api/member/unsubscribe', '/api/stripe/webhook'])

export const xsrf = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next()
  if (SIGNED_LINK_WRITES.has(c.req.path)) return next()
  const header = c.req.header('X-XSRF-TOKEN') ?? ''
  const cookie = getCookie(c, XSRF_COOKIE) ?? ''
  // Bound to the staff session, else the member session (docs/members.md).
  const bound = c.var.session?.xsrf ?? c.var.memberSession?.xsrf
  const ok =
    header.length > 0 && timingSafeEqual(bytes(header), bytes(cookie)) && (!bound || timingSafeEqual(bytes(header), bytes(bound)))
  if (!ok) throw new ApiError(403, 'Invalid or missing XSRF token')
  await next()
})
