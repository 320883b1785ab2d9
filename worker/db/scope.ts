// Whose rows a query may read or change (docs/architecture.md "Which organization a request acts on").
import { eq, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'

declare const everyOrganization: unique symbol

/**
 * Every organization's rows. Only `allOrganizations(c)` in worker/middleware/tenant.ts makes this
 * value, and only for a signed-in super admin: no query reaches across tenants by being handed a
 * `null` or a missing id.
 */
export interface AllOrganizations {
  readonly [everyOrganization]: true
}

/** One organization (its id) or, for a super admin, every organization. */
export type OrgScope = number | AllOrganizations

/** The condition a scoped query adds: the organization's rows, or none for every organization. */
export const inScope = (column: SQLiteColumn, scope: OrgScope): SQL | undefined =>
  typeof scope === 'number' ? eq(column, scope) : undefined
