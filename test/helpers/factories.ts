import { env } from 'cloudflare:workers'
import { createDb } from '../../worker/db/client'
import { recordEntry } from '../../worker/db/directory'
import {
  gamePeriods,
  games,
  organizationSports,
  organizations,
  sports,
  statDefinitions,
  userSports,
  users,
} from '../../worker/db/schema'
import { defaultGamePeriods, defaultStats } from '../../worker/domain/defaults'
import { hashPassword } from '../../worker/lib/password'
import { Client } from './client'

export const db = () => createDb(env.DB)

/**
 * Where each organization made here lives (docs/scaling.md "Past one database"): `DB` unless
 * createOrg was told another binding. Factories write an organization's rows to its own database.
 */
const placedOn = new Map<number, 'DB' | 'DB_2' | 'DB_3'>()
/** The D1 database holding the organization. */
export const d1Of = (orgId: number): D1Database => env[placedOn.get(orgId) ?? 'DB']
/** drizzle over the organization's database. */
export const dbOf = (orgId: number) => createDb(d1Of(orgId))

let counter = 0
/** A name unique within the test file's shared storage. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`

// Hashing at 100,000 iterations is deliberate but slow; tests share a few precomputed hashes.
const hashCache = new Map<string, Promise<string>>()
const cachedHash = (password: string) => {
  if (!hashCache.has(password)) hashCache.set(password, hashPassword(password))
  return hashCache.get(password) as Promise<string>
}

export async function basketball(orgId?: number) {
  const found = await db().query.sports.findFirst({ where: (s, { eq }) => eq(s.type, 'basketball') })
  const sport =
    found ??
    (await db().insert(sports).values({ name: 'Basketball', type: 'basketball' }).onConflictDoNothing().returning())[0] ??
    (await db().query.sports.findFirst({ where: (s, { eq }) => eq(s.type, 'basketball') }))!
  // The platform's sports are the same, under the same ids, in every database (worker/db/placement.ts).
  if (orgId !== undefined && d1Of(orgId) !== env.DB) await dbOf(orgId).insert(sports).values(sport).onConflictDoNothing()
  return sport
}

export async function createOrg(
  overrides: Partial<typeof organizations.$inferInsert> = {},
  binding: 'DB' | 'DB_2' | 'DB_3' = 'DB',
) {
  const slug = overrides.slug ?? unique('org')
  const [org] = await createDb(env[binding])
    .insert(organizations)
    .values({ name: `League ${slug}`, slug, ...overrides })
    .returning()
  placedOn.set(org.id, binding)
  // Elsewhere than DB, the directory says where it is (as the API does when it places one).
  if (binding !== 'DB') await recordEntry(env, { organizationId: org.id, slug: org.slug, domain: org.domain, binding })
  return org
}

export async function createUser(
  orgId: number,
  role: 'super_admin' | 'org_owner' | 'staff',
  overrides: { username?: string; password?: string; email?: string } = {},
) {
  const password = overrides.password ?? 'correct-horse-1'
  const [user] = await dbOf(orgId)
    .insert(users)
    .values({
      organizationId: orgId,
      username: overrides.username ?? unique(role),
      email: overrides.email ?? null,
      role,
      passwordHash: await cachedHash(password),
    })
    .returning()
  const sport = await basketball(orgId)
  await dbOf(orgId).insert(userSports).values({ userId: user.id, sportId: sport.id })
  return { ...user, password }
}

/** An organization with an owner and a staff member, plus signed-in clients for both. */
export async function createTenant(
  overrides: Partial<typeof organizations.$inferInsert> = {},
  binding: 'DB' | 'DB_2' | 'DB_3' = 'DB',
) {
  const org = await createOrg(overrides, binding)
  const owner = await createUser(org.id, 'org_owner')
  const staff = await createUser(org.id, 'staff')
  const ownerClient = new Client()
  await ownerClient.signIn(owner.username, owner.password, { slug: org.slug })
  const staffClient = new Client()
  await staffClient.signIn(staff.username, staff.password, { slug: org.slug })
  return { org, owner, staff, ownerClient, staffClient }
}

let platformOrg: Promise<typeof organizations.$inferSelect> | undefined
/** The platform organization with a signed-in super admin. */
export async function createSuperAdmin() {
  platformOrg ??= createOrg({ name: 'Platform', slug: unique('platform'), isPlatform: true })
  const org = await platformOrg
  const admin = await createUser(org.id, 'super_admin')
  const client = new Client()
  await client.signIn(admin.username, admin.password)
  return { org, admin, client }
}

/** Links basketball to the organization so seasons can be created for it. */
export async function giveBasketball(orgId: number) {
  const sport = await basketball(orgId)
  await dbOf(orgId).insert(organizationSports).values({ organizationId: orgId, sportId: sport.id }).onConflictDoNothing()
  return sport
}

/**
 * A season with one league, `teamCount` teams and `playersPerTeam` players each, built through
 * the API as staff would — returns the ids the tests need.
 */
export async function buildSeason(
  client: Client,
  orgId: number,
  options: { teamCount?: number; playersPerTeam?: number; active?: boolean } = {},
) {
  await giveBasketball(orgId)
  const season = (
    await client.post('/api/seasonsv2', { name: unique('Season'), active: options.active ?? true, startDate: '2025-09-01' })
  ).body.season
  const league = (await client.post(`/api/seasonsv2/${season.id}/leagues`, { name: unique('League'), season_id: season.id })).body
    .league
  const teams: { id: number; name: string; players: { id: number; firstName: string; lastName: string }[] }[] = []
  for (let t = 0; t < (options.teamCount ?? 2); t++) {
    const team = (await client.post(`/api/seasonsv2/${season.id}/leagues/${league.id}/teams`, { name: unique(`Team${t}`) })).body
      .team
    const players = []
    for (let p = 0; p < (options.playersPerTeam ?? 0); p++) {
      const form = new FormData()
      form.append('firstName', `First${t}${p}`)
      form.append('lastName', unique('Last'))
      players.push(
        (await client.postForm(`/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${team.id}/players`, form)).body.player,
      )
    }
    teams.push({ id: team.id, name: team.name, players })
  }
  return { season, league, teams }
}

/** Inserts a game with a final score straight into D1 (the games API belongs to a later issue). */
export async function insertGame(
  orgId: number,
  seasonId: number,
  leagueId: number,
  team1Id: number,
  team2Id: number,
  score: [number, number],
  status: 'scheduled' | 'completed' | 'postponed' | 'cancelled' | 'forfeit' = 'completed',
  date = '2025-10-01',
) {
  const [game] = await dbOf(orgId)
    .insert(games)
    .values({
      organizationId: orgId,
      seasonId,
      leagueId,
      team1Id,
      team2Id,
      scoreTeam1: score[0],
      scoreTeam2: score[1],
      status,
      date,
      time: '19:00',
    })
    .returning()
  return game
}

/** Gives the organization basketball with its default stats and game periods (as a new organization gets). */
export async function withBasketballDefaults(orgId: number) {
  const sport = await giveBasketball(orgId)
  const stats = defaultStats.basketball.map((s, i) => ({
    organizationId: orgId,
    sportId: sport.id,
    name: s.name,
    abbreviation: s.abbreviation,
    order: i + 1,
  }))
  for (let i = 0; i < stats.length; i += 10)
    await dbOf(orgId)
      .insert(statDefinitions)
      .values(stats.slice(i, i + 10))
      .onConflictDoNothing()
  const existing = await dbOf(orgId).query.gamePeriods.findFirst({ where: (p, { eq }) => eq(p.organizationId, orgId) })
  if (!existing) {
    await dbOf(orgId)
      .insert(gamePeriods)
      .values(defaultGamePeriods.basketball.map((name, i) => ({ organizationId: orgId, sportId: sport.id, name, order: i + 1 })))
  }
  const defs = await dbOf(orgId).query.statDefinitions.findMany({ where: (s, { eq }) => eq(s.organizationId, orgId) })
  const periods = await dbOf(orgId).query.gamePeriods.findMany({ where: (p, { eq }) => eq(p.organizationId, orgId) })
  return { sport, stat: (abbr: string) => defs.find((d) => d.abbreviation === abbr)!.id, periods }
}
