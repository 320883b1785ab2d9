import { Hono } from 'hono'
import { listSports, sportsByOrganization } from '../db/queries/organizations'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { idParam, validate } from '../lib/validate'
import { requireUser } from '../middleware/tenant'

export const sportsV2 = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ sports: await listSports(c.var.db) }))
  .get('/byOrg/:id{[0-9]+}', validate('param', idParam), async (c) => {
    const user = requireUser(c)
    const { id } = c.req.valid('param')
    if (user.role !== 'super_admin' && user.organizationId !== id) throw notFound('Organization')
    return c.json({ sports: (await sportsByOrganization(c.var.db, [id])).get(id) ?? [] })
  })
