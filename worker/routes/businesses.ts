import { Hono } from 'hono'
import { businessChanges, businessFields, businessList, directoryList, directoryQuery, oneBusiness } from '../contract/businesses'
import { directory, HOME_BINDING } from '../db/directory'
import { expectVersion } from '../db/guards'
import {
  type BusinessInput,
  businessJson,
  createBusiness,
  deleteBusiness,
  getBusiness,
  listBusinessDirectory,
  listBusinesses,
  updateBusiness,
} from '../db/queries/businesses'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { compareKeys, fanOut } from '../lib/fan-out'
import { answers } from '../lib/openapi'
import { idParam, validate } from '../lib/validate'
import { actingOrganization, rowScope } from '../middleware/tenant'

// Roles: staff and organization owners manage their organization's business listings alike (docs/reference/league-admin.md §6).
export const businessesRoutes = new Hono<AppEnv>()
  .get('/', answers("The organization's business listings", { 200: businessList }), async (c) => {
    const orgId = await actingOrganization(c)
    return c.json({ businesses: (await listBusinesses(c.var.db, orgId)).map(businessJson) })
  })
  // Decision: the platform's /browse page lists every organization's businesses; public, no tenant.
  .get(
    '/directory',
    answers("Every organization's business listings", { 200: directoryList }),
    validate('query', directoryQuery),
    async (c) => {
      // Every database that holds organizations, a few at once (docs/scaling.md "Past one database");
      // a row counts only on the database the directory names (a move's copy does not), merged in
      // the one-database order: name (lower-cased, as SQLite's ASCII lower()), organization name, id.
      const dir = await directory(c.env)
      const filters = c.req.valid('query')
      const parts = await fanOut(c, async (db, binding) =>
        (await listBusinessDirectory(db, filters)).filter(
          (b) => (dir.bySlug.get(b.organization.slug.toLowerCase())?.binding ?? HOME_BINDING) === binding,
        ),
      )
      const rows = parts
        .flat()
        .sort((a, b) =>
          compareKeys([asciiLower(a.name), a.organization.name, a.id], [asciiLower(b.name), b.organization.name, b.id]),
        )
      return c.json({ businesses: rows })
    },
  )
  .post('/', answers('Add a business listing', { 201: oneBusiness }), validate('json', businessFields), async (c) => {
    const orgId = await actingOrganization(c)
    const input = c.req.valid('json')
    const business = await createBusiness(c.var.db, orgId, { ...input, signupStatus: input.signupStatus ?? 'active' })
    return c.json({ business: businessJson(business) }, 201)
  })
  // Decision: PUT changes the fields it is sent; an absent field keeps its value, null or '' clears it.
  .put(
    '/:id{[0-9]+}',
    answers('Change a business listing', { 200: oneBusiness }),
    validate('param', idParam),
    validate('json', businessChanges),
    async (c) => {
      const current = await getBusiness(c.var.db, rowScope(c), c.req.valid('param').id)
      if (!current) throw notFound('Business')
      const { version, ...sent } = c.req.valid('json')
      const changes: Partial<BusinessInput> = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined))
      expectVersion(c.var, { table: 'businesses', orgId: current.organizationId, id: current.id, version }, async () => {
        const now = await getBusiness(c.var.db, current.organizationId, current.id)
        return now ? businessJson(now) : null
      })
      const business =
        Object.keys(changes).length > 0 ? await updateBusiness(c.var.db, current.organizationId, current.id, changes) : current
      if (!business) throw notFound('Business')
      return c.json({ business: businessJson(business) })
    },
  )
  .delete('/:id{[0-9]+}', answers('Delete a business listing', { 204: null }), validate('param', idParam), async (c) => {
    const current = await getBusiness(c.var.db, rowScope(c), c.req.valid('param').id)
    if (!current) throw notFound('Business')
    await deleteBusiness(c.var.db, current.organizationId, current.id)
    return c.body(null, 204)
  })

/** SQLite's lower(): ASCII letters only, so the merged order is the one a single database gives. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (ch) => ch.toLowerCase())
