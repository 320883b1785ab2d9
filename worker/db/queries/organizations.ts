import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Organization as OrganizationJson } from '../../contract/organizations'
import { first } from '../../domain/at'
import { type Defaults, englishDefaults } from '../../domain/defaults'
import { enabledLanguages } from '../../domain/i18n'
import type { Db } from '../client'
import { gamePeriods, organizationSports, organizations, playerAttributes, sports, statDefinitions, users } from '../schema'
import type { Organization } from './types'

export type Sport = typeof sports.$inferSelect

export const logoUrl = (key: string | null) => (key ? `/media/${key}` : null)

/** The organization as the wire contract names it (docs/reference/public-site.md §3). */
export function organizationJson(org: Organization, orgSports: Sport[] = []): OrganizationJson {
  return {
    id: org.id,
    version: org.version,
    name: org.name,
    slug: org.slug,
    domain: org.domain,
    theme: org.theme,
    logo_url: logoUrl(org.logoKey),
    facebook_url: org.facebookUrl,
    instagram_url: org.instagramUrl,
    youtube_url: org.youtubeUrl,
    customPageUrl: org.customPageUrl,
    customSite: org.customSite,
    navigation: org.navigation,
    homeVariant: org.homeVariant,
    timeZone: org.timeZone,
    currency: org.currency,
    brandPrimary: org.brandPrimary,
    brandAccent: org.brandAccent,
    language: org.language,
    languages: enabledLanguages(org.languages),
    sports: orgSports.map((s) => ({ id: s.id, type: s.type, name: s.name })),
  }
}

export function getOrganization(db: Db, orgId: number) {
  return db.query.organizations.findFirst({ where: eq(organizations.id, orgId) })
}

export function findOrganizationBySlug(db: Db, slug: string) {
  return db.query.organizations.findFirst({ where: eq(organizations.slug, slug.toLowerCase()) })
}

export type OrganizationKey = { id: number } | { slug: string } | { domain: string }

const organizationWhere = (by: OrganizationKey) =>
  'id' in by
    ? eq(organizations.id, by.id)
    : 'slug' in by
      ? eq(organizations.slug, by.slug.toLowerCase())
      : eq(organizations.domain, by.domain.toLowerCase())

/** An organization by id, slug or domain as a row list (0 or 1), batchable (see sessionUserRows). */
export function organizationRowsBy(db: Db, by: OrganizationKey) {
  return db.select().from(organizations).where(organizationWhere(by)).limit(1)
}

/** The sports of one organization (by id, slug or domain), batchable with organizationRowsBy. */
export function organizationSportsBy(db: Db, by: OrganizationKey) {
  return db
    .select({ sport: sports })
    .from(organizationSports)
    .innerJoin(sports, eq(sports.id, organizationSports.sportId))
    .innerJoin(organizations, eq(organizations.id, organizationSports.organizationId))
    .where(organizationWhere(by))
    .orderBy(asc(sports.name))
}

export function findOrganizationByDomain(db: Db, domain: string) {
  return db.query.organizations.findFirst({ where: eq(organizations.domain, domain.toLowerCase()) })
}

/** Sports of the given organizations, grouped by organization id. */
export async function sportsByOrganization(db: Db, orgIds: number[]): Promise<Map<number, Sport[]>> {
  const grouped = new Map<number, Sport[]>()
  if (orgIds.length === 0) return grouped
  const rows = await db
    .select({ organizationId: organizationSports.organizationId, sport: sports })
    .from(organizationSports)
    .innerJoin(sports, eq(sports.id, organizationSports.sportId))
    .where(inArray(organizationSports.organizationId, orgIds))
    .orderBy(asc(sports.name))
  for (const row of rows) grouped.set(row.organizationId, [...(grouped.get(row.organizationId) ?? []), row.sport])
  return grouped
}

export async function listOrganizations(db: Db, onlyId?: number, page?: { after?: [string, number]; limit?: number }) {
  // A page (a super admin's list across databases, worker/lib/fan-out.ts): keyset on (name, id).
  const after = page?.after ? sql`(${organizations.name}, ${organizations.id}) > (${page.after[0]}, ${page.after[1]})` : undefined
  const where = onlyId ? eq(organizations.id, onlyId) : after
  const limit = page?.limit
  const pageIds = limit
    ? sql`${organizationSports.organizationId} IN (SELECT ${organizations.id} FROM ${organizations} ${after ? sql`WHERE ${after}` : sql``} ORDER BY ${organizations.name}, ${organizations.id} LIMIT ${limit})`
    : undefined
  const [orgs, links] = await db.batch([
    db.query.organizations.findMany({
      where,
      orderBy: [asc(organizations.name), asc(organizations.id)],
      ...(limit ? { limit } : {}),
    }),
    db
      .select({ organizationId: organizationSports.organizationId, sport: sports })
      .from(organizationSports)
      .innerJoin(sports, eq(sports.id, organizationSports.sportId))
      .where(onlyId ? eq(organizationSports.organizationId, onlyId) : pageIds)
      .orderBy(asc(sports.name)),
  ])
  return orgs.map((org) =>
    organizationJson(
      org,
      links.filter((l) => l.organizationId === org.id).map((l) => l.sport),
    ),
  )
}

/**
 * The root "All Listings" page (docs/reference/public-site.md §2.6): every organization that has at least one user who
 * is not a super admin; the platform's own organization is excluded by flag, not by id.
 */
export function listListedOrganizations(db: Db) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      domain: organizations.domain,
      logoKey: organizations.logoKey,
    })
    .from(organizations)
    .where(
      and(
        eq(organizations.isPlatform, false),
        sql`exists (select 1 from ${users} where ${users.organizationId} = ${organizations.id} and ${users.role} <> 'super_admin')`,
      ),
    )
    .orderBy(asc(organizations.name))
}

export function listSports(db: Db) {
  return db.select().from(sports).orderBy(asc(sports.name))
}

export async function sportsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return db.select().from(sports).where(inArray(sports.id, ids))
}

export interface OrganizationInput {
  name: string
  slug: string
  domain: string | null
  theme: 'light' | 'dark'
  facebookUrl: string | null
  instagramUrl: string | null
  youtubeUrl: string | null
  customPageUrl: string | null
  customSite: boolean
  navigation: 'full' | 'small'
  homeVariant: 'history' | 'stat_leaders' | 'empty'
  timeZone: string
  brandPrimary: string | null
  brandAccent: string | null
  /** docs/registration.md "Money": ISO 4217; absent on create: USD. */
  currency?: string
  /** docs/decisions/2026-11-28-languages.md: the site's language and the enabled ones, comma-separated. */
  language?: string
  languages?: string
  logoKey?: string | null
}

export function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

/**
 * The statements that give an organization a sport with its default stats, game periods and (once
 * per organization) player attributes. The organization is addressed by slug so the statements can
 * sit in the same batch as the organization's own insert.
 */
function addSportStatements(
  db: Db,
  slug: string,
  sport: Sport,
  withAttributes: boolean,
  withPeriods: boolean,
  defaults: Defaults,
): BatchItem<'sqlite'>[] {
  const orgIdBySlug = sql`(select id from ${organizations} where ${organizations.slug} = ${slug})`
  const items: BatchItem<'sqlite'>[] = [
    db
      .insert(organizationSports)
      .values({ organizationId: orgIdBySlug as unknown as number, sportId: sport.id })
      .onConflictDoNothing(),
  ]
  const stats = defaults.stats[sport.type] ?? []
  // D1 binds at most 100 parameters per statement: insert the defaults a few rows at a time.
  const statRows = stats.map((s, i) => ({
    organizationId: orgIdBySlug as unknown as number,
    sportId: sport.id,
    name: s.name,
    abbreviation: s.abbreviation,
    order: i + 1,
  }))
  for (const rows of chunks(statRows, 10)) items.push(db.insert(statDefinitions).values(rows).onConflictDoNothing())
  const periods = defaults.periods[sport.type] ?? []
  if (periods.length > 0 && withPeriods) {
    items.push(
      db
        .insert(gamePeriods)
        .values(
          periods.map((name, i) => ({ organizationId: orgIdBySlug as unknown as number, sportId: sport.id, name, order: i + 1 })),
        ),
    )
  }
  if (withAttributes) {
    items.push(
      db
        .insert(playerAttributes)
        .values(defaults.attributes.map((a, i) => ({ organizationId: orgIdBySlug as unknown as number, ...a, order: i + 1 }))),
    )
  }
  return items
}

/** `defaults`: the seeded names in the organization's language (defaultsIn, docs/decisions/2026-11-28-default-names-language.md). */
export async function createOrganization(db: Db, input: OrganizationInput, sportIds: number[], defaults = englishDefaults) {
  const chosen = await sportsByIds(db, sportIds)
  const insert = db
    .insert(organizations)
    .values({ ...input, slug: input.slug.toLowerCase() })
    .returning()
  const rest = chosen.flatMap((sport, i) => addSportStatements(db, input.slug.toLowerCase(), sport, i === 0, true, defaults))
  const [created] = await db.batch([insert, ...rest])
  return first(created)
}

export async function updateOrganization(
  db: Db,
  orgId: number,
  input: Partial<OrganizationInput>,
  sportIds?: number[],
  alongside: BatchItem<'sqlite'>[] = [],
  /** The names a newly linked sport's defaults get: in the organization's language (defaultsIn). */
  defaults = englishDefaults,
) {
  const current = await getOrganization(db, orgId)
  if (!current) return undefined
  const slug = (input.slug ?? current.slug).toLowerCase()
  const update = db
    .update(organizations)
    .set({ ...input, slug, dataVersion: sql`${organizations.dataVersion} + 1` })
    .where(eq(organizations.id, orgId))
    .returning()
  const items: BatchItem<'sqlite'>[] = []
  if (sportIds) {
    const have = (await sportsByOrganization(db, [orgId])).get(orgId) ?? []
    const hadAttributes = have.length > 0
    const added = (await sportsByIds(db, sportIds)).filter((s) => !have.some((h) => h.id === s.id))
    // Removing a sport unlinks it; its stats and periods stay so recorded history keeps its meaning.
    items.push(
      db
        .delete(organizationSports)
        .where(
          and(
            eq(organizationSports.organizationId, orgId),
            sportIds.length > 0 ? notInArray(organizationSports.sportId, sportIds) : undefined,
          ),
        ),
    )
    // A sport linked once before keeps its periods: only a first link creates the defaults.
    const withPeriods = await db
      .selectDistinct({ sportId: gamePeriods.sportId })
      .from(gamePeriods)
      .where(eq(gamePeriods.organizationId, orgId))
    added.forEach((sport, i) => {
      const fresh = !withPeriods.some((p) => p.sportId === sport.id)
      items.push(...addSportStatements(db, slug, sport, !hadAttributes && i === 0, fresh, defaults))
    })
  }
  const [updated] = await db.batch([update, ...items, ...alongside])
  return updated[0]
}

export async function deleteOrganization(db: Db, orgId: number) {
  await db.delete(organizations).where(eq(organizations.id, orgId))
}

export function slugTaken(db: Db, slug: string, exceptId?: number) {
  return db.query.organizations.findFirst({
    where: and(eq(organizations.slug, slug.toLowerCase()), exceptId ? ne(organizations.id, exceptId) : undefined),
    columns: { id: true },
  })
}

export function domainTaken(db: Db, domain: string, exceptId?: number) {
  return db.query.organizations.findFirst({
    where: and(eq(organizations.domain, domain.toLowerCase()), exceptId ? ne(organizations.id, exceptId) : undefined),
    columns: { id: true },
  })
}
