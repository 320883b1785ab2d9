import { Hono } from 'hono'
import { z } from 'zod'
import { auditPage } from '../contract/audit'
import { listAuditLog } from '../db/queries/audit-log'
import { AUDIT_TABLE_NAMES } from '../domain/audit'
import type { AppEnv } from '../env'
import { answers } from '../lib/openapi'
import { idSaying, validate } from '../lib/validate'
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
    const { entries, total } = await listAuditLog(c.var.db, orgId, query)
    return c.json({ auditLog: entries, page: query.page, pageSize: query.pageSize, total })
  })
