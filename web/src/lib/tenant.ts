// Which organization a page belongs to comes from the location (docs/architecture.md, Front end):
// on a custom domain the host names it and paths carry no prefix; on the platform host the first
// path segment is the slug. The Worker tells us which kind of host served index.html through
// <meta name="courtside-host">; without it (vite dev) we are on the platform host.

import type { z } from 'zod'
import type { credentials } from '../../../worker/contract/auth'
import { NON_SLUG_SEGMENTS } from '../../../worker/domain/segments'

export type HostKind = 'platform' | 'custom'

/** First path segments that are never a slug on the platform host (shared with the Worker's slug rules). */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set(['', ...NON_SLUG_SEGMENTS])

let cachedKind: HostKind | undefined

export function hostKind(): HostKind {
  if (cachedKind) return cachedKind
  const meta = document.querySelector<HTMLMetaElement>('meta[name="courtside-host"]')
  cachedKind = meta?.content === 'custom' ? 'custom' : 'platform'
  return cachedKind
}

export const isCustomDomain = () => hostKind() === 'custom'

/** The host name without a leading `www.` — how the Worker looks a custom domain up. */
export function customDomainName(hostname: string = window.location.hostname): string {
  return hostname.replace(/^www\./i, '')
}

function firstSegment(pathname: string): string {
  return decodeURIComponent(pathname.split('/')[1] ?? '')
}

/** The slug of the organization the current path belongs to (platform host only). */
export function slugFromPath(pathname: string = window.location.pathname): string | null {
  if (isCustomDomain()) return null
  const segment = firstSegment(pathname)
  return RESERVED_SEGMENTS.has(segment) ? null : segment
}

/** A tenant as public reads name it: by slug on the platform host, by domain on a custom one. */
export type Tenant = { kind: 'slug'; slug: string } | { kind: 'domain'; domain: string }

export function tenantQuery(tenant: Tenant): { slug: string } | { domain: string } {
  return tenant.kind === 'slug' ? { slug: tenant.slug } : { domain: tenant.domain }
}

/**
 * The organization whose site a path belongs to, read from the address alone (before any route
 * renders, so its data can be requested at once): the custom domain, else the first path segment.
 */
export function tenantFromPath(pathname: string = window.location.pathname): Tenant | null {
  if (isCustomDomain()) return { kind: 'domain', domain: customDomainName() }
  const slug = slugFromPath(pathname)
  return slug ? { kind: 'slug', slug } : null
}

export function tenantKey(tenant: Tenant): string {
  return tenant.kind === 'slug' ? `slug:${tenant.slug}` : `domain:${tenant.domain}`
}

/** Where a public page of the tenant lives: `/{slug}/path` on the platform host, `/path` on its domain. */
export function sitePath(tenant: Tenant, path = ''): string {
  const clean = path.replace(/^\/+/, '')
  if (tenant.kind === 'domain') return `/${clean}`
  return clean ? `/${tenant.slug}/${clean}` : `/${tenant.slug}`
}

/**
 * docs/reference/public-site.md §7: the login body carries the domain and slug. The domain is omitted on localhost (we
 * read that as "on the platform host"); otherwise it is the `domain` query parameter, else the
 * host name without `www.`. The slug is the first path segment unless it is `login`.
 */
export function loginTenant(location: Location = window.location): Pick<z.input<typeof credentials>, 'domain' | 'slug'> {
  const segment = firstSegment(location.pathname)
  const slug = segment && segment !== 'login' && !isCustomDomain() ? segment : undefined
  const queryDomain = new URLSearchParams(location.search).get('domain') ?? undefined
  const domain = isCustomDomain() ? (queryDomain ?? customDomainName(location.hostname)) : undefined
  return { domain, slug }
}
