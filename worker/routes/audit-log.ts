import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { auditPage } from '../contract/audit'
import { boundedMap, d1BindingNames, d1Named, directory } from '../db/directory'
import { listAuditLog } from '../db/queries/audit-log'
import { AUDIT_TABLE_NAMES } from '../domain/audit'
import type { AppEnv } from '../env'
import { FAN_OUT_LIMIT } from '../lib/fan-out'
import { answers } from '../lib/openapi'
import { idSaying, validate } from '../lib/validate'
import { switchDatabase } from '../middleware/database'
import { actingOrgId, requireUser } from '../middleware/tenant'

const positiveId = idSaying('Must be a number', 'Must be a whole number', 'Must be positive')

// Decision (docs/reference/trust-and-security.md §8, no spec screen): pages of 25 by default, at most 100, numbered from 1.
const auditQuery = z.object({
  page: z.coerce
    .number('Page must be a number')
    .int('Page must be a whole number')
    .min(1, 'Page starts at 1')
    .max(100_000)
    .default(1),
  pageSize: z.coerce
    .number('Page size must be a number')
    .int('Page size must be a whole number')
    .min(1, 'Page size must be 1 to 100')
    .max(100, 'Page size must be 1 to 100')
    .default(25),
  table: z.enum(AUDIT_TABLE_NAMES, 'Unknown kind of record').optional(),
  userId: positiveId.optional(),
  organization_id: positiveId.optional(),
})

export const auditLogRoutes = new Hono<AppEnv>()
  // Organization owners read their own organization's trail; a super admin any organization's
  // (organization_id, even one since deleted: its trail is kept). Staff may not: the trail shows
  // every user's changes, and the owner is the one accountable for them.
  .get('/', answers("A page of the organization's audit trail", { 200: auditPage }), validate('query', auditQuery), async (c) => {
    requireUser(c, ['super_admin', 'org_owner'])
    const query = c.req.valid('query')
    const orgId = actingOrgId(c, query.organization_id)
    let { entries, total } = await listAuditLog(c.var.db, orgId, query)
    if (total === 0 && query.organization_id !== undefined && (await followDeletedTrail(c, query.organization_id)))
      ({ entries, total } = await listAuditLog(c.var.db, orgId, query))
    return c.json({ auditLog: entries, page: query.page, pageSize: query.pageSize, total })
  })

/**
 * A deleted organization's trail stays on the database that held it last; the directory no longer
 * names it, and the request went to the database whose id range holds its id — where it was made,
 * which it may have left by a move (docs/scaling.md "Calls about the signed-in user's own row").
 * Found nothing there: the request moves to the database that keeps its trail, if one does
 * (asked only after that miss, a few at once). An organization the directory names is where it says.
 */
async function followDeletedTrail(c: Context<AppEnv>, organizationId: number): Promise<boolean> {
  if (c.var.user?.role !== 'super_admin' || (await directory(c.env)).byId.has(organizationId)) return false
  // Every database: the one that kept it may hold no organization the directory names any more.
  const others = d1BindingNames(c.env).filter((b) => b !== c.var.binding)
  const keeps = await boundedMap(others, FAN_OUT_LIMIT, async (binding) =>
    (await d1Named(c.env, binding)
      .prepare('SELECT 1 AS x FROM audit_log WHERE organization_id = ? LIMIT 1')
      .bind(organizationId)
      .first())
      ? binding
      : undefined,
  )
  const where = keeps.find(Boolean)
  if (!where) return false
  switchDatabase(c, where)
  return true
}
