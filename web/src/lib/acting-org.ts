// The organization a super admin is working on in the dashboard
// (docs/decisions/2026-11-28-super-admin-acting-organization.md). Every admin call then names it
// with `organization_id` (docs/api.md "Which organization a call acts on"), so a screen opened for
// another organization reads and writes that organization's rows. Kept per tab (sessionStorage):
// two tabs may work on two organizations. Nobody else ever sets it, and the server ignores
// `organization_id` from anyone but a super admin. Loaded with the dashboard only (admin-routes.tsx),
// never in a visitor's first load; the hooks that change it are in use-acting-org.ts.
import { callQuery, withQuery } from './api-client'

export interface ActingOrganization {
  id: number
  name: string
  /** Its site's slug and custom domain, once the organizations list has told (null until then). */
  slug?: string | null
  domain?: string | null
}

const KEY = 'courtside.acting-organization'

function read(): ActingOrganization | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as ActingOrganization | null
    return value && value.id > 0 ? value : null
  } catch {
    return null
  }
}

let current: ActingOrganization | null | undefined

export function actingOrganization(): ActingOrganization | null {
  if (current === undefined) current = read()
  return current
}

/** Stores the choice (null: none); use-acting-org.ts tells the screens. */
export function storeActingOrganization(org: ActingOrganization | null) {
  current = org
  try {
    if (org) sessionStorage.setItem(KEY, JSON.stringify(org))
    else sessionStorage.removeItem(KEY)
  } catch {
    // Storage refused (private mode): the choice lasts until the page reloads.
  }
}

/**
 * The `organization_id` an admin call carries, if any. Not for the calls that choose their
 * organization themselves: the session, the organizations and their users (the super admin's own
 * screens), one's own account, and the audit trail's own filter.
 */
export function actingOrganizationQuery(path: string): { organization_id: number } | undefined {
  const org = actingOrganization()
  if (!org || /^\/api\/(auth|organizations|usersv2|users|audit-log)\b/.test(path)) return undefined
  return { organization_id: org.id }
}

callQuery.of = actingOrganizationQuery

/** An /api address followed by a link rather than fetched (a download): it names the organization too. */
export const apiHref = (path: string) => withQuery(path, actingOrganizationQuery(path))
