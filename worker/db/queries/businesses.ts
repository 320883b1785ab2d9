import { type AnyColumn, and, asc, eq, type SQL, sql } from 'drizzle-orm'
import type { Business as BusinessJson, DirectoryBusiness } from '../../contract/businesses'
import { first } from '../../domain/at'
import type { Db } from '../client'
import { businesses, organizations } from '../schema'
import { inScope, type OrgScope } from '../scope'
export type Business = typeof businesses.$inferSelect
export type BusinessInput = Omit<typeof businesses.$inferInsert, 'id' | 'organizationId'>

/** A business listing as the wire contract names it: the Business page form's fields (docs/reference/league-admin.md). */
export function businessJson(business: Business): BusinessJson {
  return {
    id: business.id,
    version: business.version,
    name: business.name,
    phone: business.phone,
    email: business.email,
    website: business.website,
    city: business.city,
    state: business.state,
    location: business.location,
    facebook: business.facebook,
    instagram: business.instagram,
    sport: business.sport,
    category: business.category,
    season: business.season,
    nextSeason: business.nextSeason,
    signupDeadline: business.signupDeadline,
    signupStatus: business.signupStatus,
    cost: business.cost,
    skillLevel: business.skillLevel,
  }
}

const byName = [asc(sql`lower(${businesses.name})`), asc(businesses.id)]

export function listBusinesses(db: Db, orgId: number) {
  return db
    .select()
    .from(businesses)
    .where(eq(businesses.organizationId, orgId))
    .orderBy(...byName)
}

/** A business of the organization (of any organization when orgId is null: super admin). */
export function getBusiness(db: Db, scope: OrgScope, businessId: number) {
  return db.query.businesses.findFirst({
    where: and(eq(businesses.id, businessId), inScope(businesses.organizationId, scope)),
  })
}

export async function createBusiness(db: Db, orgId: number, input: BusinessInput) {
  const rows = await db
    .insert(businesses)
    .values({ ...input, organizationId: orgId })
    .returning()
  return first(rows)
}

export async function updateBusiness(db: Db, orgId: number, businessId: number, changes: Partial<BusinessInput>) {
  const [updated] = await db
    .update(businesses)
    // Raised here rather than by the trigger of migration 0008, so RETURNING shows the new version.
    .set({ ...changes, version: sql`${businesses.version} + 1` })
    .where(and(eq(businesses.id, businessId), eq(businesses.organizationId, orgId)))
    .returning()
  return updated
}

export async function deleteBusiness(db: Db, orgId: number, businessId: number) {
  await db.delete(businesses).where(and(eq(businesses.id, businessId), eq(businesses.organizationId, orgId)))
}

export interface DirectoryFilters {
  sport?: string[]
  category?: string[]
  state?: string[]
  city?: string[]
  signupStatus?: 'active' | 'closed'
}

/** The listing's comma-separated field holds one of the values exactly (stored canonical, no spaces). */
function holdsAnyOf(column: AnyColumn, values: string[] | undefined): SQL | undefined {
  if (!values || values.length === 0) return undefined
  const tests = values.map((value) => sql`instr(',' || coalesce(${column}, '') || ',', ${`,${value},`}) > 0`)
  return sql`(${sql.join(tests, sql` or `)})`
}

/** Every organization's listings for the platform's browse page, with the organization they belong to. */
export async function listBusinessDirectory(db: Db, filters: DirectoryFilters): Promise<DirectoryBusiness[]> {
  const rows = await db
    .select({
      business: businesses,
      organization: { name: organizations.name, slug: organizations.slug, domain: organizations.domain },
    })
    .from(businesses)
    .innerJoin(organizations, eq(organizations.id, businesses.organizationId))
    .where(
      and(
        holdsAnyOf(businesses.sport, filters.sport),
        holdsAnyOf(businesses.category, filters.category),
        holdsAnyOf(businesses.state, filters.state),
        holdsAnyOf(businesses.city, filters.city),
        filters.signupStatus ? eq(businesses.signupStatus, filters.signupStatus) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${businesses.name})`), asc(organizations.name), asc(businesses.id))
  return rows.map((row) => ({ ...businessJson(row.business), organization: row.organization }))
}
