import { Hono } from 'hono'
import { sportList } from '../contract/organizations'
import { listSports, sportsByOrganization } from '../db/queries/organizations'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { idParam, validate } from '../lib/validate'
import { requireUser } from '../middleware/tenant'

export const sportsV2 = new Hono<AppEnv>()
  .get('/', answers('Every sport the platform offers', { 200: sportList }), async (c) =>
    c.json({ sports: await listSports(c.var.db) }),
  )
  .get('/byOrg/:id{[0-9]+}', answers("An organization's sports", { 200: sportList }), validate('param', idParam), async (c) => {
    const user = requireUser(c)
    const { id } = c.req.valid('param')
    if (user.role !== 'super_admin' && user.organizationId !== id) throw notFound('Organization')
    return c.json({ sports: (await sportsByOrganization(c.var.db, [id])).get(id) ?? [] })
  })
