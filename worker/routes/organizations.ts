import { eq, inArray } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import {
  type AdminOrganization,
  type Listing,
  listings,
  type OrganizationList,
  oneAdminOrganization,
  oneOrganization,
  organization,
  organizationList,
  theme,
} from '../contract/organizations'
import { organizationWithUsers } from '../contract/users'
import {
  customHostnameJson,
  customHostnameSettings,
  domainChangeColumns,
  processOrganization,
  releaseHostnames,
} from '../custom-hostnames'
import type { Db } from '../db/client'
import { directory, HOME_BINDING, placeNewOrganization, recordEntry, removeEntry } from '../db/directory'
import { expectVersion } from '../db/guards'
import { mirrorSports } from '../db/placement'
import { rezoneGameStatements } from '../db/queries/games'
import {
  createOrganization,
  deleteOrganization,
  domainTaken,
  getOrganization,
  listListedOrganizations,
  listOrganizations,
  logoUrl,
  type OrganizationInput,
  type OrganizationKey,
  organizationJson,
  organizationRowsBy,
  organizationSportsBy,
  type Sport,
  slugTaken,
  updateOrganization,
} from '../db/queries/organizations'
import type { Organization, User } from '../db/queries/types'
import { getUser, listUsersQueries, toUsersJson, updateUser } from '../db/queries/users'
import { organizations as organizationsTable } from '../db/schema'
import { brandColourProblem } from '../domain/brand-colours'
import { enabledLanguages, LANGUAGE_CODE, SOURCE_LANGUAGE } from '../domain/i18n'
import { isCurrency } from '../domain/money'
import { NON_SLUG_SEGMENTS } from '../domain/segments'
import { LEAGUE_TIME_ZONE } from '../domain/time'
import { isTimeZone } from '../domain/zone'
import type { AppEnv } from '../env'
import { ApiError, forbidden, notFound } from '../lib/errors'
import { compareKeys, decodeCursor, encodeCursor, fanOut } from '../lib/fan-out'
import { availableLanguages, defaultsInLanguage } from '../lib/i18n'
import { readImageUpload } from '../lib/images'
import { answers } from '../lib/openapi'
import { pageLimit } from '../lib/paging'
import { discardImages, discardOrganizationImages, storeImage, writeWithImage } from '../lib/uploads'
import { idParam, optionalText, parseWith, requiredText, uniqueIds, validate, versionField } from '../lib/validate'
import { switchDatabase } from '../middleware/database'
import {
  allOrganizations,
  namesTenant,
  organizationNotFound,
  publicOrg,
  RESERVED_SEGMENTS,
  requireUser,
  stripWww,
} from '../middleware/tenant'
import { userDatabase } from './users'

// No slug may shadow a content page, an SPA page or the platform organization's own slug.
const TAKEN_SLUGS = new Set([...NON_SLUG_SEGMENTS, 'platform'].map((s) => s.toLowerCase()))

const urlField = optionalText(500).refine((v) => v === null || /^https?:\/\/\S+$/i.test(v), 'Must be an http(s) address')

const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,62})$/, 'Use lower-case letters, digits and dashes')
  .refine((s) => !TAKEN_SLUGS.has(s), 'This slug is reserved')

const domainField = optionalText(253)
  .transform((v) =>
    v
      ? v
          .toLowerCase()
          .replace(/^https?:\/\//, '')
          .replace(/\/.*$/, '')
          .replace(/^www\./, '')
      : null,
  )
  .refine(
    (v) => v === null || /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(v),
    'Not a valid domain name',
  )

// A brand colour (docs/site-look.md "Brand colours"): `#rrggbb`, lower-cased, refused with the
// contrast found and needed when it fails the rule on either theme; empty or null clears it.
const brandColourField = optionalText(50)
  .transform((v) => (v === null ? null : v.toLowerCase()))
  .superRefine((v, ctx) => {
    const problem = v === null ? null : brandColourProblem(v)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .default(null)

const languageCode = z.string().trim().regex(LANGUAGE_CODE, 'Not a language: choose one from the list')

const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1')

export const organizationFields = z.object({
  name: requiredText('Name', 120),
  slug: slugField.optional(),
  domain: domainField,
  theme: theme.default('light'),
  facebook_url: urlField,
  instagram_url: urlField,
  youtube_url: urlField,
  customPageUrl: urlField,
  customSite: booleanish.default(false),
  navigation: organization.shape.navigation.default('small'),
  homeVariant: organization.shape.homeVariant.default('empty'),
  timeZone: z
    .string()
    .trim()
    .refine(isTimeZone, 'Not a time zone: choose one from the list (an IANA name such as America/New_York)')
    .default(LEAGUE_TIME_ZONE),
  brandPrimary: brandColourField,
  brandAccent: brandColourField,
  // docs/registration.md "Money": the ISO 4217 code every amount of the organization is in.
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCurrency, 'Not a currency: choose one from the list (an ISO 4217 code such as EUR)')
    .default('USD'),
  // docs/decisions/2026-11-28-languages.md: the site's language, and those visitors may switch to.
  language: languageCode.default(SOURCE_LANGUAGE),
  languages: z
    .union([z.array(z.string()), z.string()])
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((code) => code.trim()).filter(Boolean))
    .pipe(z.array(languageCode).max(20, 'At most 20 languages'))
    .optional(),
  sportIds: uniqueIds(20).default([]),
})
type OrganizationFields = z.output<typeof organizationFields>

const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'league'

/** Multipart (or JSON) organization form → fields and the optional logo file. */
async function readOrganizationForm(c: Context<AppEnv>, partial: boolean) {
  const type = c.req.header('Content-Type') ?? ''
  let raw: Record<string, unknown> = {}
  let logo: File | null = null
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await c.req.formData().catch(() => {
      throw new ApiError(400, 'Malformed form data')
    })
    const sportIds: string[] = []
    for (const [key, value] of form.entries()) {
      if (key === 'logo') {
        if (typeof value !== 'string' && value.size > 0) logo = value
      } else if (key === 'sportIds[]' || key === 'sportIds') {
        if (typeof value === 'string' && value !== '') sportIds.push(...value.split(','))
      } else if (typeof value === 'string') raw[key] = value
    }
    if (form.has('sportIds[]') || form.has('sportIds') || !partial) raw.sportIds = sportIds
  } else {
    raw = await c.req.json<Record<string, unknown>>().catch(() => {
      throw new ApiError(400, 'Malformed JSON body')
    })
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ApiError(400, 'Expected a JSON object')
  }
  // An empty slug field means "derive it from the name".
  if (typeof raw.slug === 'string' && raw.slug.trim() === '') delete raw.slug
  const schema = partial
    ? organizationFields.partial().extend({ name: organizationFields.shape.name.optional() })
    : organizationFields
  const fields = parseWith(schema, raw) as Partial<OrganizationFields>
  // An edit changes only what it sends: zod would fill the defaults of absent fields back in.
  if (partial) {
    for (const key of Object.keys(fields) as (keyof OrganizationFields)[]) if (!(key in raw)) delete fields[key]
  }
  const { version } = parseWith(z.object({ version: versionField }), raw)
  await refuseUnshippedLanguages(c, fields)
  return { fields, logo, hasSports: 'sportIds' in raw, version }
}

/** A language the product ships no catalogs for cannot be chosen (the list is the build's, worker/lib/i18n.ts). */
async function refuseUnshippedLanguages(c: Context<AppEnv>, fields: Partial<OrganizationFields>) {
  const wanted = [...(fields.language ? [fields.language] : []), ...(fields.languages ?? [])]
  if (wanted.length === 0) return
  const shipped = await availableLanguages(c)
  const unknown = wanted.find((code) => !shipped.includes(code))
  if (unknown === undefined) return
  const field = fields.language === unknown ? 'language' : 'languages'
  throw new ApiError(400, `Not a language: choose one from the list`, { [field]: `${unknown} is not offered` })
}

/**
 * The stored language columns after a change: the site's language always among the enabled ones and
 * first, each once. Unchanged when the change names neither.
 */
function languageColumns(
  fields: Partial<OrganizationFields>,
  current?: { language: string; languages: string },
): { language: string; languages: string } | null {
  if (fields.language === undefined && fields.languages === undefined)
    return current ? null : { language: SOURCE_LANGUAGE, languages: SOURCE_LANGUAGE }
  const language = fields.language ?? current?.language ?? SOURCE_LANGUAGE
  const others = fields.languages ?? (current ? enabledLanguages(current.languages) : [])
  return { language, languages: [...new Set([language, ...others])].join(',') }
}

function toInput(fields: Partial<OrganizationFields>): Partial<OrganizationInput> {
  const input: Partial<OrganizationInput> = {}
  if (fields.name !== undefined) input.name = fields.name
  if (fields.slug !== undefined) input.slug = fields.slug
  if (fields.domain !== undefined) input.domain = fields.domain
  if (fields.theme !== undefined) input.theme = fields.theme
  if (fields.facebook_url !== undefined) input.facebookUrl = fields.facebook_url
  if (fields.instagram_url !== undefined) input.instagramUrl = fields.instagram_url
  if (fields.youtube_url !== undefined) input.youtubeUrl = fields.youtube_url
  if (fields.customPageUrl !== undefined) input.customPageUrl = fields.customPageUrl
  if (fields.customSite !== undefined) input.customSite = fields.customSite
  if (fields.navigation !== undefined) input.navigation = fields.navigation
  if (fields.homeVariant !== undefined) input.homeVariant = fields.homeVariant
  if (fields.timeZone !== undefined) input.timeZone = fields.timeZone
  if (fields.brandPrimary !== undefined) input.brandPrimary = fields.brandPrimary
  if (fields.brandAccent !== undefined) input.brandAccent = fields.brandAccent
  if (fields.currency !== undefined) input.currency = fields.currency
  return input
}

/**
 * A new currency only while no money of the organization is recorded: amounts are minor units of
 * the currency they were set in, so changing it would silently re-price fees and payments
 * (docs/decisions/2026-11-29-organization-currency.md).
 */
async function assertNoMoney(c: Context<AppEnv>, orgId: number, currency: string) {
  const money = await c.var.db.$client
    .prepare(
      `SELECT 1 AS x WHERE EXISTS (SELECT 1 FROM registration_settings WHERE organization_id = ?1
           AND (coalesce(team_fee, 0) > 0 OR coalesce(player_fee, 0) > 0))
         OR EXISTS (SELECT 1 FROM registrations WHERE organization_id = ?1 AND amount > 0)`,
    )
    .bind(orgId)
    .first()
  if (money) {
    const message = `The currency cannot change while registration fees or payments are recorded in ${currency}: remove the fees first`
    throw new ApiError(409, message, { currency: message })
  }
}

async function assertUnique(c: Context<AppEnv>, slug: string | undefined, domain: string | null | undefined, exceptId?: number) {
  // Unique across every database: the directory knows the slugs and domains of all of them.
  const dir = await directory(c.env)
  const elsewhere = (entry: { organizationId: number } | undefined) => entry !== undefined && entry.organizationId !== exceptId
  if (slug && (elsewhere(dir.bySlug.get(slug.toLowerCase())) || (await slugTaken(c.var.db, slug, exceptId)))) {
    throw new ApiError(409, 'That slug is already used by another organization', { slug: 'Already in use' })
  }
  if (domain && (elsewhere(dir.byDomain.get(domain.toLowerCase())) || (await domainTaken(c.var.db, domain, exceptId)))) {
    throw new ApiError(409, 'That domain is already used by another organization', { domain: 'Already in use' })
  }
}

/**
 * The organization (by id, slug or domain) with its sports in one round trip. `alongside`
 * statements ride in the same batch; their results come back as `more`.
 */
async function organizationWithSports(
  c: Context<AppEnv>,
  key: OrganizationKey,
  options: { admin?: boolean; alongside?: BatchItem<'sqlite'>[] } = {},
) {
  const db = c.var.db
  const [[org], links, ...more] = (await db.batch([
    organizationRowsBy(db, key),
    organizationSportsBy(db, key),
    ...(options.alongside ?? []),
  ])) as [Organization[], { sport: Sport }[], ...unknown[]]
  if (!org) throw notFound('Organization')
  const json = organizationJson(
    org,
    links.map((l) => l.sport),
  )
  return { organization: withHostname(c, org, json, options.admin), more }
}

/** The custom hostname joins an admin answer for a super admin. */
function withHostname(
  c: Context<AppEnv>,
  org: Organization,
  json: ReturnType<typeof organizationJson>,
  admin?: boolean,
): AdminOrganization {
  // The custom hostname (records, statuses) is the super admin's business: admin answers only,
  // never public reads. Null without a domain or without Cloudflare credentials.
  if (!admin || c.var.user?.role !== 'super_admin') return json
  const settings = customHostnameSettings(c.env)
  return { ...json, customHostname: settings ? customHostnameJson(org, settings.cnameTarget) : null }
}

/** The hostname rows of the listed organizations, for the super admin's list (one query). */
async function hostnameRows(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, Organization>()
  const rows = await db.select().from(organizationsTable).where(inArray(organizationsTable.id, ids))
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * Registers, replaces or refreshes the organization's custom hostname right away, within the 5 s
 * budget. Whatever the API does not finish stays queued on the row for the scheduled trigger, and
 * its message is on the row for the screen: this never fails the save that called it.
 */
async function syncHostname(c: Context<AppEnv>, orgId: number) {
  const settings = customHostnameSettings(c.env)
  if (!settings) return
  try {
    await processOrganization(c.env, c.var.db, settings, orgId)
  } catch (error) {
    console.error(`[${c.var.requestId}] custom hostname work for organization ${orgId} failed`, error)
  }
}

async function createWithLogo(c: Context<AppEnv>, fields: OrganizationFields, logo: File | null) {
  const slug = fields.slug ?? slugify(fields.name)
  // Placed on the least full database (docs/scaling.md "Placement"): the request moves there
  // first, so the checks and the insert run where the organization will live. Its ids come from
  // that database's range (worker/db/id-ranges.ts), unique across databases.
  const binding = await placeNewOrganization(c.env)
  switchDatabase(c, binding)
  if (binding !== HOME_BINDING) await mirrorSports(c.env, binding)
  await assertUnique(c, slug, fields.domain)
  if (logo) await readImageUpload(logo, 'logo') // refuse a bad image before anything is written
  // A domain is queued for registration in the same insert (see domainChangeColumns).
  const input = {
    ...(toInput(fields) as OrganizationInput),
    ...languageColumns(fields),
    slug,
    ...(fields.domain ? domainChangeColumns(null, fields.domain) : {}),
  }
  const words = await defaultsInLanguage(c, input.language ?? SOURCE_LANGUAGE)
  // Its stats, periods and attributes are named in its language: data from then on (docs/decisions/2026-11-28-default-names-language.md).
  const created = await createOrganization(c.var.db, input, fields.sportIds, words)
  // The directory claims the slug and domain across every database: one taken meanwhile on another
  // database undoes this organization and answers as the check above would have.
  await recordEntry(c.env, { organizationId: created.id, slug, domain: fields.domain ?? null, binding }).catch(async (error) => {
    await deleteOrganization(c.var.db, created.id)
    if (!String(error).includes('UNIQUE')) throw error
    await assertUnique(c, slug, fields.domain, created.id)
    throw error
  })
  if (logo) {
    // The key lives under the new organization's id, so the row comes first, then the object, then
    // the row points at it; any failure removes both (no organization half-made).
    try {
      const key = await storeImage(c, created.id, logo, 'logo', 'logo')
      await writeWithImage(c, key, () => updateOrganization(c.var.db, created.id, { logoKey: key }))
    } catch (error) {
      await deleteOrganization(c.var.db, created.id)
      await removeEntry(c.env, created.id)
      throw error
    }
  }
  if (fields.domain) await syncHostname(c, created.id)
  return (await organizationWithSports(c, { id: created.id }, { admin: true })).organization
}

/** A super admin's list across databases, paged: `limit` rows after `cursor` (docs/scaling.md "Super admin lists"). */
const listPage = z.object({
  limit: pageLimit().optional(),
  cursor: z.string().max(400, 'cursor is not valid').optional(),
})

/** The (name, id) a page cursor carries; a cursor that is not one of ours is a 400. */
function pageCursor(cursor: string | undefined): [string, number] | undefined {
  if (cursor === undefined) return undefined
  const key = decodeCursor(cursor)
  if (key?.length !== 2 || typeof key[0] !== 'string' || typeof key[1] !== 'number')
    throw new ApiError(400, 'cursor is not valid', { cursor: 'Not a cursor of this list' })
  return [key[0], key[1]]
}

const userIdBody = z.object({ userId: z.coerce.number().int().positive() })

export const organizations = new Hono<AppEnv>()
  // Root "All Listings" page (docs/reference/public-site.md §2.6).
  .get('/listings', answers('The organizations the root page lists', { 200: listings }), async (c) => {
    // Every database that holds organizations (docs/scaling.md "Past one database"), merged by
    // (name, id); a row counts only on the database the directory names (a move's copy does not).
    const dir = await directory(c.env)
    const parts = await fanOut(c, async (db, binding) =>
      (await listListedOrganizations(db)).filter((o) => (dir.byId.get(o.id)?.binding ?? binding) === binding),
    )
    const rows = parts.flat().sort((a, b) => compareKeys([a.name, a.id], [b.name, b.id]))
    return c.json({
      organizations: rows.map(
        (o): Listing => ({ id: o.id, name: o.name, slug: o.slug, domain: o.domain, logo_url: logoUrl(o.logoKey) }),
      ),
    })
  })
  // The organization this public request is about (Host's custom domain, else slug/domain query).
  .get('/current', answers('The organization this request is about', { 200: oneOrganization }), async (c) => {
    // A signed-in dashboard call names no tenant: its own organization, looked up with the sports.
    const key = namesTenant(c) || !c.var.user ? { id: (await publicOrg(c)).id } : { id: c.var.user.organizationId }
    return c.json({ organization: (await organizationWithSports(c, key)).organization })
  })
  .get('/domain/:domain', answers('An organization by its custom domain', { 200: oneOrganization }), async (c) => {
    const domain = stripWww(c.req.param('domain'))
    return c.json({ organization: (await organizationWithSports(c, { domain })).organization })
  })
  .get('/slug/:slug', answers('An organization by its slug', { 200: oneOrganization }), async (c) => {
    const slug = c.req.param('slug')
    if (RESERVED_SEGMENTS.has(slug)) throw organizationNotFound()
    return c.json({ organization: (await organizationWithSports(c, { slug })).organization })
  })
  .get(
    '/',
    answers("The caller's organization, or every one for a super admin", { 200: organizationList }),
    validate('query', listPage),
    async (c) => {
      const user = requireUser(c)
      if (user.role !== 'super_admin') return c.json({ organizations: await listOrganizations(c.var.db, user.organizationId) })
      const settings = customHostnameSettings(c.env)
      const { limit, cursor } = c.req.valid('query')
      const after = pageCursor(cursor)
      // Every database that holds organizations, a few at once, merged by (name, id) (docs/scaling.md "Super admin lists").
      const parts = await fanOut(c, async (db) => {
        const list = await listOrganizations(db, undefined, { after, limit })
        const rows = settings
          ? await hostnameRows(
              db,
              list.map((o) => o.id),
            )
          : new Map<number, Organization>()
        return list.map((o): OrganizationList['organizations'][number] => {
          const row = rows.get(o.id)
          return { ...o, customHostname: settings && row ? customHostnameJson(row, settings.cnameTarget) : null }
        })
      })
      const merged = parts.flat().sort((a, b) => compareKeys([a.name, a.id], [b.name, b.id]))
      const shown = limit ? merged.slice(0, limit) : merged
      const last = shown.at(-1)
      return c.json({
        organizations: shown,
        // Without Cloudflare credentials the screen notes that domains are saved but not registered.
        customHostnamesEnabled: Boolean(settings),
        cnameTarget: settings?.cnameTarget ?? null,
        ...(limit ? { nextCursor: merged.length > limit && last ? encodeCursor([last.name, last.id]) : null } : {}),
      })
    },
  )
  .get(
    '/:id{[0-9]+}',
    answers('An organization and its users', { 200: organizationWithUsers }),
    validate('param', idParam),
    async (c) => {
      const user = requireUser(c)
      const { id } = c.req.valid('param')
      if (user.role !== 'super_admin' && user.organizationId !== id) throw notFound('Organization')
      // Decision: staff see their organization but not its user list; owners and super admins do.
      const withUsers = user.role !== 'staff'
      const alongside = withUsers ? [...listUsersQueries(c.var.db, id)] : []
      const { organization, more } = await organizationWithSports(c, { id }, { admin: true, alongside })
      const [found, links] = more as [User[], { userId: number; id: number; name: string }[]]
      const users = withUsers ? toUsersJson(found, links) : []
      return c.json({ organization: { ...organization, users } })
    },
  )
  .post(
    '/',
    answers(
      'Create an organization (multipart, with its logo)',
      { 201: oneAdminOrganization },
      { body: { schema: organizationFields, file: 'logo' } },
    ),
    async (c) => {
      requireUser(c, ['super_admin'])
      const { fields, logo } = await readOrganizationForm(c, false)
      return c.json({ organization: await createWithLogo(c, fields as OrganizationFields, logo) }, 201)
    },
  )
  .put(
    '/:id{[0-9]+}',
    answers(
      'Change an organization',
      { 200: oneAdminOrganization },
      { body: { schema: organizationFields.partial().extend({ version: versionField }), file: 'logo' } },
    ),
    validate('param', idParam),
    async (c) => {
      const user = requireUser(c, ['super_admin', 'org_owner'])
      const { id } = c.req.valid('param')
      if (user.role !== 'super_admin' && user.organizationId !== id) throw notFound('Organization')
      const current = await getOrganization(c.var.db, id)
      if (!current) throw notFound('Organization')
      const { fields, logo, hasSports, version } = await readOrganizationForm(c, true)
      expectVersion(c.var, { table: 'organizations', orgId: id, id, version }, async () =>
        getOrganization(c.var.db, id).then((org) => (org ? organizationJson(org) : null)),
      )
      // Decision: an owner edits their site's look (name, theme, socials, logo, custom page); the
      // address (slug, domain), sports and site layout (navigation, home variant, custom site) stay
      // with the super admin (docs/site-look.md). Ignored, not failed.
      if (user.role !== 'super_admin') {
        delete fields.slug
        delete fields.domain
        delete fields.navigation
        delete fields.homeVariant
        delete fields.customSite
      }
      await assertUnique(c, fields.slug, fields.domain, id)
      if (fields.currency !== undefined && fields.currency !== current.currency) await assertNoMoney(c, id, current.currency)
      const input = toInput(fields)
      const languages = languageColumns(fields, current)
      if (languages) Object.assign(input, languages)
      // Issue: setting, changing or removing the domain replaces its Cloudflare custom hostname. The
      // hostname columns change in the same statement as the domain (OrganizationInput's update
      // spreads its input into the row).
      const domainChanged = fields.domain !== undefined && fields.domain !== current.domain
      if (domainChanged) Object.assign(input, domainChangeColumns(current, fields.domain ?? null))
      // A new zone keeps every game's date and time as typed and reads them in it (the times were
      // typed for the league's own clock): their instants move in the same batch, or none does.
      const rezoned =
        fields.timeZone !== undefined && fields.timeZone !== current.timeZone
          ? await rezoneGameStatements(c.var.db, id, fields.timeZone)
          : []
      const newKey = logo ? await storeImage(c, id, logo, 'logo', 'logo') : undefined
      if (newKey) input.logoKey = newKey
      // A sport linked now gets its defaults in the organization's language (its new one, if it changes).
      const linking = user.role === 'super_admin' && hasSports
      const defaults = linking ? await defaultsInLanguage(c, input.language ?? current.language) : undefined
      await writeWithImage(c, newKey, () =>
        updateOrganization(c.var.db, id, input, linking ? fields.sportIds : undefined, rezoned, defaults),
      )
      // A replaced logo's old object goes, so storage holds only what a row points at.
      if (newKey) discardImages(c, [current.logoKey])
      // The directory follows a new address (docs/scaling.md "Past one database").
      if ((fields.slug !== undefined && fields.slug.toLowerCase() !== current.slug) || domainChanged)
        await recordEntry(c.env, {
          organizationId: id,
          slug: fields.slug ?? current.slug,
          domain: fields.domain !== undefined ? fields.domain : current.domain,
          binding: c.var.binding,
        })
      if (domainChanged) await syncHostname(c, id)
      return c.json({ organization: await (await organizationWithSports(c, { id }, { admin: true })).organization })
    },
  )
  .delete('/:id{[0-9]+}', answers('Delete an organization', { 204: null }), validate('param', idParam), async (c) => {
    const user = requireUser(c, ['super_admin'])
    const { id } = c.req.valid('param')
    const org = await getOrganization(c.var.db, id)
    if (!org) throw notFound('Organization')
    if (org.isPlatform || org.id === user.organizationId) {
      throw new ApiError(409, 'The platform organization cannot be deleted')
    }
    // Its Cloudflare hostnames go too (any the API does not confirm are retried by the cron).
    await releaseHostnames(c.env, org)
    await deleteOrganization(c.var.db, id)
    await removeEntry(c.env, id)
    // Its logo and every team logo and player photo go with it, once the row delete has committed.
    discardOrganizationImages(c, id)
    return c.body(null, 204)
  })
  // docs/custom-domains.md: ask Cloudflare now for the hostname's status (or register it, when
  // registration is still owed or was refused), instead of waiting for the scheduled trigger.
  .post(
    '/:id{[0-9]+}/custom-hostname/check',
    answers('Check its custom hostname now', { 200: oneAdminOrganization }),
    validate('param', idParam),
    async (c) => {
      requireUser(c, ['super_admin'])
      const { id } = c.req.valid('param')
      const org = await getOrganization(c.var.db, id)
      if (!org) throw notFound('Organization')
      const settings = customHostnameSettings(c.env)
      if (!settings) {
        throw new ApiError(409, 'Custom domains are not connected to Cloudflare here (CF_ZONE_ID and CF_API_TOKEN are not set)')
      }
      if (!org.domain) throw new ApiError(409, 'This organization has no domain', { domain: 'Set a domain first' })
      await c.var.db
        .update(organizationsTable)
        .set({
          customHostnameAction: org.customHostnameId ? 'refresh' : 'register',
          customHostnameRetryAt: null,
          ...(org.customHostnameId ? {} : { customHostnameError: null }),
        })
        .where(eq(organizationsTable.id, id))
      await syncHostname(c, id)
      return c.json({ organization: await (await organizationWithSports(c, { id }, { admin: true })).organization })
    },
  )
  // Moves an existing user into this organization (docs/reference/public-site.md §7); their sessions end.
  .post(
    '/:id{[0-9]+}/addUser',
    answers('Move a user in', { 200: oneAdminOrganization }),
    validate('param', idParam),
    validate('json', userIdBody),
    async (c) => {
      requireUser(c, ['super_admin'])
      const { id } = c.req.valid('param')
      const { userId } = c.req.valid('json')
      if (!(await getOrganization(c.var.db, id))) throw notFound('Organization')
      const target = await getUser(c.var.db, allOrganizations(c), userId)
      // A user's rows (sessions, passkeys, sports) live with their organization's: refused rather
      // than half-moved across databases (docs/decisions/2026-11-29-users-between-databases.md).
      if (!target && (await userDatabase(c, userId)))
        throw new ApiError(
          409,
          "That user's account is on another database than this organization's: a user cannot be moved between databases. Create a new account in this organization instead.",
        )
      if (!target) throw notFound('User')
      if (target.role === 'super_admin') throw forbidden('A super admin cannot be moved into an organization')
      await updateUser(c.var.db, target.organizationId, userId, { organizationId: id, endSessions: true })
      return c.json({ organization: await (await organizationWithSports(c, { id }, { admin: true })).organization })
    },
  )

/** POST /api/admin/organizations: the same creation from a JSON body (docs/reference/public-site.md §7). */
export const adminOrganizations = new Hono<AppEnv>().post(
  '/',
  answers('Create an organization (JSON)', { 201: oneAdminOrganization }, { body: { schema: organizationFields } }),
  async (c) => {
    requireUser(c, ['super_admin'])
    const { fields } = await readOrganizationForm(c, false)
    return c.json({ organization: await createWithLogo(c, fields as OrganizationFields, null) }, 201)
  },
)
