import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import {
  findOrganizationByDomain,
  findOrganizationBySlug,
  getOrganization,
  organizationRowsBy,
} from '../db/queries/organizations'
import type { Organization } from '../db/queries/types'
import type { AllOrganizations, OrgScope } from '../db/scope'
import { CONTENT_SEGMENTS } from '../domain/segments'
import type { AppEnv, TenantHint } from '../env'
import { ApiError, forbidden, notFound, unauthorized } from '../lib/errors'

// docs/reference/public-site.md §9: first path segments that are pages of every site, never organization slugs.
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set(CONTENT_SEGMENTS)

export const stripWww = (host: string) => host.toLowerCase().replace(/^www\./, '')

export function platformHosts(c: Context<AppEnv>): string[] {
  return (c.env.PLATFORM_HOSTS ?? 'localhost,127.0.0.1')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
}

export function isPlatformHost(c: Context<AppEnv>): boolean {
  return platformHosts(c).includes(new URL(c.req.url).hostname.toLowerCase())
}

/** Reads where the request says its organization is; nothing is looked up yet. */
export const tenant = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url)
  let hint: TenantHint
  if (!isPlatformHost(c)) {
    hint = { kind: 'custom-domain', domain: stripWww(url.hostname) }
  } else {
    const slug = url.searchParams.get('slug')?.trim() || undefined
    const domain = url.searchParams.get('domain')?.trim() || undefined
    hint = { kind: 'platform', slug, domain: domain ? stripWww(domain) : undefined }
  }
  c.set('tenant', hint)
  await next()
})

export const organizationNotFound = () => new ApiError(404, 'Organization not found')

export async function organizationBySlug(c: Context<AppEnv>, slug: string): Promise<Organization> {
  if (RESERVED_SEGMENTS.has(slug)) throw organizationNotFound()
  const org = await findOrganizationBySlug(c.var.db, slug)
  if (!org) throw organizationNotFound()
  return org
}

export async function organizationByDomain(c: Context<AppEnv>, domain: string): Promise<Organization> {
  const org = await findOrganizationByDomain(c.var.db, stripWww(domain))
  if (!org) throw organizationNotFound()
  return org
}

/**
 * The query for the organization the request names (custom domain, else the `domain` or `slug`
 * query), or undefined when it names none. A query, not a promise: the session check batches it
 * with the user's epoch so the organization costs no round trip of its own (docs/reference/performance.md §2, 8 §2).
 */
export function namedOrganizationQuery(c: Context<AppEnv>) {
  const hint = c.var.tenant
  const domain = hint.kind === 'custom-domain' ? hint.domain : hint.domain
  if (domain) return organizationRowsBy(c.var.db, { domain })
  if (hint.kind === 'platform' && hint.slug && !RESERVED_SEGMENTS.has(hint.slug))
    return organizationRowsBy(c.var.db, { slug: hint.slug })
  return undefined
}

/** Keeps the named organization (null: named, but there is none) for the rest of the request. */
export function rememberNamedOrganization(c: Context<AppEnv>, org: Organization | undefined) {
  c.set('namedOrg', org ?? null)
  if (org) c.set('org', org)
}

/**
 * The organization a public read is about: the custom domain of the Host, else the `domain` or
 * `slug` query parameter, else (for the admin variants of shared pages) the signed-in user's own.
 * Looked up once per request: the edge cache or the session check has usually done it already.
 */
export async function publicOrg(c: Context<AppEnv>): Promise<Organization> {
  if (c.var.org) return c.var.org
  let org: Organization
  if (namesTenant(c)) {
    if (c.var.namedOrg === undefined) rememberNamedOrganization(c, (await namedOrganizationQuery(c))?.[0])
    if (!c.var.namedOrg) throw organizationNotFound()
    org = c.var.namedOrg
  } else if (c.var.user) {
    const own = await getOrganization(c.var.db, c.var.user.organizationId)
    if (!own) throw organizationNotFound()
    org = own
  } else throw organizationNotFound()
  c.set('org', org)
  return org
}

type Role = 'super_admin' | 'org_owner' | 'staff'

/** The signed-in user, or 401; with roles given, 403 for anyone else. */
export function requireUser(c: Context<AppEnv>, roles?: Role[]) {
  const user = c.var.user
  if (!user) throw unauthorized()
  if (roles && !roles.includes(user.role)) throw forbidden()
  return user
}

/**
 * The organization an admin call acts on: always the user's own, except that a super admin may
 * name another with `organization_id` (docs/api.md "Tenant selection").
 */
export function actingOrgId(c: Context<AppEnv>, requested?: number | null): number {
  const user = requireUser(c)
  if (user.role === 'super_admin' && requested) return requested
  return user.organizationId
}

/** True when the request names a tenant itself (custom domain, or slug/domain query). */
export function namesTenant(c: Context<AppEnv>): boolean {
  const hint = c.var.tenant
  return hint.kind === 'custom-domain' || Boolean(hint.slug || hint.domain)
}

/**
 * The organization of a read that serves both the public site and the dashboard (docs/reference/league-admin.md §2
 * wrappers): the named tenant when the request names one, else the signed-in user's own
 * (or, for a super admin, the `organization_id` query).
 */
export async function readerOrgId(c: Context<AppEnv>): Promise<number> {
  if (namesTenant(c) || !c.var.user) return (await publicOrg(c)).id
  return actingOrgId(c, Number(c.req.query('organization_id')) || null)
}

/** The organization a write acts on: the signed-in user's own (super admin: organization_id). */
export function writerOrgId(c: Context<AppEnv>): number {
  return actingOrgId(c, Number(c.req.query('organization_id')) || null)
}

/** The one value that lets a query reach every organization's rows (worker/db/scope.ts). */
const EVERY_ORGANIZATION = Object.freeze({}) as AllOrganizations

/** Every organization: for a signed-in super admin only (401/403 for anyone else). */
export function allOrganizations(c: Context<AppEnv>): AllOrganizations {
  requireUser(c, ['super_admin'])
  return EVERY_ORGANIZATION
}

/**
 * The organization a list or create call acts on (the user's own, or the super admin's
 * `organization_id`), which must exist: a create for a missing one answers 404, not a failed insert.
 */
export async function actingOrganization(c: Context<AppEnv>): Promise<number> {
  const orgId = writerOrgId(c)
  if (orgId !== requireUser(c).organizationId && !(await getOrganization(c.var.db, orgId))) throw notFound('Organization')
  return orgId
}

/**
 * Whose rows an id in the path may name: the user's organization's; a super admin's any (or only
 * the `organization_id` named).
 */
export function rowScope(c: Context<AppEnv>): OrgScope {
  const user = requireUser(c)
  if (user.role !== 'super_admin') return user.organizationId
  return Number(c.req.query('organization_id')) || allOrganizations(c)
}

/** Whose users the signed-in user may look up: anyone's for a super admin, else their organization's. */
export function userScope(c: Context<AppEnv>): OrgScope {
  const user = requireUser(c)
  return user.role === 'super_admin' ? allOrganizations(c) : user.organizationId
}
