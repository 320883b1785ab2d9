import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'

// No inline script anywhere; YouTube embeds and the site's own widgets (the dashboard's preview,
// docs/widgets.md) are the only frames; images may come from https
// (organization logos are ours, but content pages may link pictures hosted elsewhere).
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self' https://www.youtube.com https://www.youtube-nocookie.com",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')

/**
 * The embeddable widgets' policy (docs/widgets.md): the same as the site's, except that any site may
 * frame them. Only the widget pages set it (worker/routes/widgets.ts); a response carrying it gets
 * no X-Frame-Options, every other response keeps `frame-ancestors 'self'` and SAMEORIGIN.
 */
export const WIDGET_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ')

export function applySecurityHeaders(headers: Headers, https: boolean) {
  // A route may set a stricter policy of its own (media); otherwise the site's policy applies.
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', contentSecurityPolicy)
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
  if (headers.get('Content-Security-Policy') === WIDGET_CONTENT_SECURITY_POLICY) headers.delete('X-Frame-Options')
  else headers.set('X-Frame-Options', 'SAMEORIGIN')
  if (https) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
}

/** Every response — API, media and static assets alike — leaves with the same security headers. */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  const https = new URL(c.req.url).protocol === 'https:'
  try {
    applySecurityHeaders(c.res.headers, https)
  } catch {
    // Responses passed through from a binding have immutable headers: copy once.
    c.res = new Response(c.res.body, c.res)
    applySecurityHeaders(c.res.headers, https)
  }
})
