import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { Organization } from '../db/queries/types'
import { at } from '../domain/at'
import type { AppEnv } from '../env'
import { MEMBER_COOKIE } from './member-session'
import { SESSION_COOKIE } from './session'
import { namedOrganizationQuery, rememberNamedOrganization } from './tenant'

const CACHE_ORIGIN = 'https://cache.courtside.internal'
// Not public data, or answers that set cookies: never cached.
// Live games change between data versions (docs/live-scoring.md): never from the cache.
// The root page's listings and the business directory span every organization on every database
// (docs/scaling.md "Past one database"): no one organization's data version keys them.
const UNCACHED = [
  '/api/auth/',
  '/api/usersv2',
  '/api/users/',
  '/api/live/',
  '/api/member/',
  '/api/organizations/listings',
  '/api/businesses/directory',
]

/**
 * Edge cache that is never stale (docs/reference/performance.md): an anonymous public GET is cached under the tenant and
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
  // A path that names another organization than the one the key is versioned by is never cached:
  // its answer would go stale with the other organization's writes (docs/api-concurrency.md).
  if (namesAnotherOrganization(path, org)) return next()
  // The host is part of every key: answers such as the calendar feed's links depend on it.
  const key = edgeCacheKey(org, c.req.url, `host ${new URL(c.req.url).host}`)
  const hit = await cachedAnswer(cache, key)
  if (hit) {
    c.res = hit
    return
  }
  await next()
  if (c.res.status !== 200 || c.res.headers.has('Set-Cookie')) return
  const body = await c.res.arrayBuffer()
  const headers = new Headers(c.res.headers)
  storeAnswer(c, cache, key, body, headers)
  // Browsers revalidate every time; the edge copy is what makes it instant.
  headers.set('Cache-Control', 'no-cache')
  headers.set('X-Cache', 'MISS')
  c.res = new Response(body, { status: 200, headers })
})

type Remembered = { body: ArrayBuffer; headers: [string, string][] }

/**
 * The isolate's own copy of answers it served lately, under the same versioned keys as the Cache
 * API: as fresh as the cache (the data version in the key comes from D1 on every request), without
 * the cache lookup on a hit. Least recently used answers go first past MEMORY_LIMIT bytes.
 */
const memory = new Map<string, Remembered>()
let memoryBytes = 0
const MEMORY_LIMIT = 16 * 1024 * 1024 // of an isolate's 128 MB
const MEMORY_ENTRY_LIMIT = 1024 * 1024 // a bigger answer stays in the Cache API only (a 1,000-game season is 0.6 MB)

function remember(key: string, entry: Remembered) {
  if (entry.body.byteLength > MEMORY_ENTRY_LIMIT) return
  const previous = memory.get(key)
  if (previous) memoryBytes -= previous.body.byteLength
  memory.delete(key)
  memory.set(key, entry)
  memoryBytes += entry.body.byteLength
  for (const [oldest, old] of memory) {
    if (memoryBytes <= MEMORY_LIMIT) break
    memory.delete(oldest)
    memoryBytes -= old.body.byteLength
  }
}

/** A cached answer (the isolate's copy, else the Cache API's) as a fresh response marked HIT. */
export async function cachedAnswer(cache: Cache, key: Request): Promise<Response | undefined> {
  let entry = memory.get(key.url)
  if (entry) {
    memory.delete(key.url) // most recently used goes last
    memory.set(key.url, entry)
  } else {
    const hit = await cache.match(key)
    if (!hit) return undefined
    entry = { body: await hit.arrayBuffer(), headers: [...hit.headers] }
    remember(key.url, entry)
  }
  const headers = new Headers(entry.headers)
  headers.set('Cache-Control', 'no-cache')
  headers.set('X-Cache', 'HIT')
  // A Response copies a buffer it is given (Fetch: extract a body), so the entry stays whole.
  return new Response(entry.body, { status: 200, headers })
}

/** Keeps a 200 answer under its key: in this isolate at once, and in the Cache API after the response. */
export function storeAnswer(c: Context<AppEnv>, cache: Cache, key: Request, body: ArrayBuffer, headers: Headers) {
  const stored = new Headers(headers)
  stored.delete('X-Cache')
  stored.set('Cache-Control', 'public, s-maxage=86400')
  remember(key.url, { body, headers: [...stored] })
  c.executionCtx.waitUntil(cache.put(key, new Response(body, { status: 200, headers: stored })))
}

/** A GET by a visitor who is not signed in: the only requests whose answers may be shared. */
export function isAnonymousRead(c: Context<AppEnv>): boolean {
  return c.req.method === 'GET' && !getCookie(c, SESSION_COOKIE) && !getCookie(c, MEMBER_COOKIE)
}

/** The Workers Cache API's default cache, or null where there is none. */
export function edgeCacheStore(): Cache | null {
  return typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default
}

/** `/api/organizations/slug/{x}` or `/domain/{x}` naming an organization other than `org`. */
function namesAnotherOrganization(path: string, org: Organization): boolean {
  const named = /^\/api\/organizations\/(slug|domain)\/([^/]+)/.exec(path)
  if (!named) return false
  const value = decodeURIComponent(at(named, 2)).toLowerCase()
  return named[1] === 'slug' ? value !== org.slug.toLowerCase() : value !== (org.domain ?? '').toLowerCase()
}

/**
 * The cache key of a public answer: organization, its data version and cache epoch, the path and the sorted query;
 * `variant` separates answers that differ by more than that (the HTML shell: host and build).
 */
/** The organization's data version and cache epoch as one tag: what every cached answer is keyed by. */
export const dataVersionTag = (org: Organization) => `${org.dataVersion}-${org.cacheEpoch}`

export function edgeCacheKey(org: Organization, requestUrl: string, variant = ''): Request {
  const url = new URL(requestUrl)
  url.searchParams.sort()
  const scope = variant ? `/${encodeURIComponent(variant)}` : ''
  // The epoch is drawn anew at every data-version bump (migration 0008): after a restore or a D1 Time
  // Travel rewinds data_version, the next write draws an epoch no answer was ever stored under.
  return new Request(`${CACHE_ORIGIN}/${org.id}/v${dataVersionTag(org)}${scope}${url.pathname}?${url.searchParams}`)
}
