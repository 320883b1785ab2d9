import { Hono } from 'hono'
import { z } from 'zod'
import { oneDashboard } from '../contract/dashboard'
import { dashboardOf } from '../db/queries/dashboard'
import { localDateOf } from '../domain/time'
import type { AppEnv } from '../env'
import { answers } from '../lib/openapi'
import { validate } from '../lib/validate'
import { orgTimeZone } from '../lib/zone'
import { actingOrgId, requireUser } from '../middleware/tenant'

const dashboardQuery = z.object({
  organization_id: z.coerce
    .number('Must be a number')
    .int('Must be a whole number')
    .positive('Must be positive')
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
})

/**
 * The dashboard home (docs/dashboard.md): what needs attention in the acting organization's
 * active season. Signed-in staff only; it is never cached (the edge cache serves anonymous reads).
 */
export const dashboardRoutes = new Hono<AppEnv>().get(
  '/',
  answers('What needs attention in the active season', { 200: oneDashboard }),
  validate('query', dashboardQuery),
  async (c) => {
    const user = requireUser(c)
    const orgId = actingOrgId(c, c.req.valid('query').organization_id)
    // Tonight and overdue are the organization's own calendar day (docs/decisions/2026-11-28-time-zones.md).
    const today = localDateOf(new Date(), await orgTimeZone(c, orgId))
    return c.json({ dashboard: await dashboardOf(c.var.db, orgId, today, user.role === 'super_admin') })
  },
)
