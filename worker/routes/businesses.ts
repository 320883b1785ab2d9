import { Hono } from 'hono'
import { z } from 'zod'
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
import { idParam, isCalendarDate, optionalText, requiredText, someChange, validate, versionField } from '../lib/validate'
import { actingOrganization, rowScope } from '../middleware/tenant'

// docs/reference/league-admin.md §9: the options of the multi-value fields, in their canonical spelling.
export const BUSINESS_OPTIONS = {
  category: ['men', 'women', 'adult', 'youth', 'co-ed'],
  sport: ['basketball', 'baseball', 'tennis', 'volleyball'],
  state: ['California', 'New York', 'Texas'],
  city: ['Los Angeles', 'Buffalo', 'New York City', 'Houston'],
} as const

/**
 * A multi-value field: a comma-separated string or a list, each value one of the options
 * (case-insensitive). Stored as the canonical spellings in option order, comma-separated without
 * spaces (docs/reference/league-admin.md §3), or null when empty.
 */
function multiValue(options: readonly string[]) {
  return z
    .union([z.string().max(500), z.array(z.string().max(60)).max(20)], `Choose from: ${options.join(', ')}`)
    .nullish()
    .transform((input, ctx) => {
      const values = (Array.isArray(input) ? input : (input ?? '').split(',')).map((v) => v.trim()).filter(Boolean)
      const chosen = new Set<string>()
      for (const value of values) {
        const option = options.find((o) => o.toLowerCase() === value.toLowerCase())
        if (!option) {
          ctx.addIssue({ code: 'custom', message: `Choose from: ${options.join(', ')}` })
          return z.NEVER
        }
        chosen.add(option)
      }
      return chosen.size > 0 ? options.filter((o) => chosen.has(o)).join(',') : null
    })
}

const urlField = optionalText(500).refine((v) => v === null || /^https?:\/\/\S+$/i.test(v), 'Must be an http(s) address')

// No defaults here: PUT applies only the fields sent, so a default would overwrite stored values.
const businessFields = z.object({
  name: requiredText('Name', 120),
  phone: optionalText(40),
  email: optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, 'Not a valid e-mail address'),
  website: urlField,
  city: multiValue(BUSINESS_OPTIONS.city),
  state: multiValue(BUSINESS_OPTIONS.state),
  location: optionalText(200),
  facebook: urlField,
  instagram: urlField,
  sport: multiValue(BUSINESS_OPTIONS.sport),
  category: multiValue(BUSINESS_OPTIONS.category),
  season: optionalText(100),
  nextSeason: optionalText(100),
  signupDeadline: optionalText(40).refine((v) => v === null || isCalendarDate(v), 'Use a date as yyyy-MM-dd'),
  signupStatus: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : (v ?? undefined)),
    z.enum(['active', 'closed'], 'Signup status must be active or closed').optional(),
  ),
  cost: optionalText(100),
  skillLevel: optionalText(100),
})

const filterValues = (options: readonly string[]) => multiValue(options).transform((v) => (v ? v.split(',') : undefined))

const directoryQuery = z.object({
  sport: filterValues(BUSINESS_OPTIONS.sport),
  category: filterValues(BUSINESS_OPTIONS.category),
  state: filterValues(BUSINESS_OPTIONS.state),
  city: filterValues(BUSINESS_OPTIONS.city),
  signupStatus: businessFields.shape.signupStatus,
})

// Roles: staff and organization owners manage their organization's business listings alike (docs/reference/league-admin.md §6).
export const businessesRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const orgId = await actingOrganization(c)
    return c.json({ businesses: (await listBusinesses(c.var.db, orgId)).map(businessJson) })
  })
  // Decision: the platform's /browse page lists every organization's businesses; public, no tenant.
  .get('/directory', validate('query', directoryQuery), async (c) => {
    return c.json({ businesses: await listBusinessDirectory(c.var.db, c.req.valid('query')) })
  })
  .post('/', validate('json', businessFields), async (c) => {
    const orgId = await actingOrganization(c)
    const input = c.req.valid('json')
    const business = await createBusiness(c.var.db, orgId, { ...input, signupStatus: input.signupStatus ?? 'active' })
    return c.json({ business: businessJson(business) }, 201)
  })
  // Decision: PUT changes the fields it is sent; an absent field keeps its value, null or '' clears it.
  .put(
    '/:id{[0-9]+}',
    validate('param', idParam),
    validate('json', someChange(businessFields.partial().extend({ version: versionField }))),
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
  .delete('/:id{[0-9]+}', validate('param', idParam), async (c) => {
    const current = await getBusiness(c.var.db, rowScope(c), c.req.valid('param').id)
    if (!current) throw notFound('Business')
    await deleteBusiness(c.var.db, current.organizationId, current.id)
    return c.body(null, 204)
  })
