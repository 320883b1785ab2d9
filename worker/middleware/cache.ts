import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { Organization } from '../db/queries/types'
import type { AppEnv } from '../env'
import { SESSION_COOKIE } from './session'
import { namedOrganizationQuery, rememberNamedOrganization } from './tenant'

const CACHE_ORIGIN = 'https://cache.courtside.internal'
// Not public data, or answers that set cookies: never cached.
const UNCACHED = ['/api/auth/', '/api/usersv2', '/api/users/']

/**
 * Edge cache that is never stale (issue 7): an anonymous public GET is cached under the tenant and
 * the organization's data version. Every write bumps the version in the same transaction (D1
 * triggers, migration 0002), so the next read misses and sees the write, while pages nobody changed
 * keep coming from the cache. Signed-in requests, errors and anything setting a cookie are never cached.
 */
export const edgeCache = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path
  const cacheable = path.startsWith('/api/') && !UNCACHED.some((p) => path.startsWith(p)) && isAnonymousRead(c)
  const cache = edgeCacheStore()
  if (!cacheable || !cache) return next()
  const query = namedOrganizationQuery(c)
  if (!query) return next()
  const [org] = await query
  rememberNamedOrganization(c, org) // the route resolves the same organization without asking D1 again
  if (!org) return next()
  const key = edgeCacheKey(org, c.req.url)
  const hit = await cache.match(key)
  if (hit) {
    const response = new Response(hit.body, hit)
    response.headers.set('X-Cache', 'HIT')
    response.headers.set('Cache-Control', 'no-cache')
    c.res = response
    return
  }
  await next()
  if (c.res.status !== 200 || c.res.headers.has('Set-Cookie')) return
  const stored = c.res.clone()
  const headers = new Headers(stored.headers)
  headers.set('Cache-Control', 'public, s-maxage=86400')
  c.executionCtx.waitUntil(cache.put(key, new Response(stored.body, { status: 200, headers })))
  // Browsers revalidate every time; the edge copy is what makes it instant.
  c.res.headers.set('Cache-Control', 'no-cache')
  c.res.headers.set('X-Cache', 'MISS')
})

/** A GET by a visitor who is not signed in: the only requests whose answers may be shared. */
export function isAnonymousRead(c: Context<AppEnv>): boolean {
  return c.req.method === 'GET' && !getCookie(c, SESSION_COOKIE)
}

/** The Workers Cache API's default cache, or null where there is none. */
export function edgeCacheStore(): Cache | null {
  return typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default
}

/**
 * The cache key of a public answer: organization, its data version, the path and the sorted query;
 * `variant` separates answers that differ by more than that (the HTML shell: host and build).
 */
export function edgeCacheKey(org: Organization, requestUrl: string, variant = ''): Request {
  const url = new URL(requestUrl)
  url.searchParams.sort()
  const scope = variant ? `/${encodeURIComponent(variant)}` : ''
  return new Request(`${CACHE_ORIGIN}/${org.id}/v${org.dataVersion}${scope}${url.pathname}?${url.searchParams}`)
}
