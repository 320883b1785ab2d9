import { and, asc, count, desc, eq, isNotNull, lte, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { DashboardJson } from '../../contract/dashboard'
import { badgeFor } from '../../custom-hostnames/state'
import type { Db } from '../client'
import { games, leagues, organizations, rosters, seasons, seasonsLeagues, seasonsLeaguesTeams, teams } from '../schema'
import { seasonLeagueOfPlace } from './shared'

/** Fewer players than this and a team cannot field five (docs/dashboard.md). */
export const SMALL_ROSTER = 5
/** At most this many rows per list; the count says how many there are in all. */
export const DASHBOARD_LIMIT = 20

/**
 * What needs a staff member's attention in the organization's active season, in one batch:
 * games dated today or earlier still without a result, teams under five players, leagues with no
 * game yet, and custom domains not yet live (every organization's, for the super admin).
 */
export async function dashboardOf(db: Db, orgId: number, today: string, allDomains: boolean): Promise<DashboardJson> {
  const active = db
    .select({ id: seasons.id })
    .from(seasons)
    .where(and(eq(seasons.organizationId, orgId), eq(seasons.active, true)))
    .limit(1)
  const home = alias(teams, 'home')
  const away = alias(teams, 'away')
  const overdue = and(
    eq(games.organizationId, orgId),
    eq(games.seasonId, sql`(${active})`),
    eq(games.status, 'scheduled'),
    isNotNull(games.date),
    lte(games.date, today),
  )
  const placeInActive = and(eq(seasonsLeagues.organizationId, orgId), eq(seasonsLeagues.seasonId, sql`(${active})`))
  const players = count(rosters.id)
  const domainWhere = allDomains
    ? isNotNull(organizations.domain)
    : and(eq(organizations.id, orgId), isNotNull(organizations.domain))

  const [seasonRows, gameRows, [gameCount], teamRows, leagueRows, domainRows] = await db.batch([
    db
      .select({ id: seasons.id, name: seasons.name })
      .from(seasons)
      .where(and(eq(seasons.organizationId, orgId), eq(seasons.active, true)))
      .limit(1),
    db
      .select({
        id: games.id,
        date: games.date,
        time: games.time,
        // Aliased: D1 hands back columns by name, and three are called "name".
        home: sql<string>`${home.name}`.as('home_name'),
        away: sql<string>`${away.name}`.as('away_name'),
        league: sql<string | null>`${leagues.name}`.as('league_name'),
      })
      .from(games)
      .innerJoin(home, eq(home.id, games.team1Id))
      .innerJoin(away, eq(away.id, games.team2Id))
      .leftJoin(leagues, eq(leagues.id, games.leagueId))
      .where(overdue)
      .orderBy(desc(games.date), asc(games.time), asc(games.id))
      .limit(DASHBOARD_LIMIT),
    db.select({ n: count() }).from(games).where(overdue),
    db
      .select({
        teamId: teams.id,
        name: sql<string>`${teams.name}`.as('team_name'),
        leagueId: seasonsLeagues.leagueId,
        league: sql<string>`${leagues.name}`.as('league_name'),
        players,
      })
      .from(seasonsLeaguesTeams)
      .innerJoin(seasonsLeagues, seasonLeagueOfPlace)
      .innerJoin(teams, eq(teams.id, seasonsLeaguesTeams.teamId))
      .innerJoin(leagues, eq(leagues.id, seasonsLeagues.leagueId))
      .leftJoin(rosters, eq(rosters.seasonsLeagueTeamId, seasonsLeaguesTeams.id))
      .where(placeInActive)
      .groupBy(seasonsLeaguesTeams.id)
      .having(sql`${players} < ${SMALL_ROSTER}`)
      .orderBy(asc(seasonsLeagues.position), asc(leagues.name), asc(teams.name)),
    db
      .select({ leagueId: leagues.id, name: leagues.name })
      .from(seasonsLeagues)
      .innerJoin(leagues, eq(leagues.id, seasonsLeagues.leagueId))
      .where(
        and(
          placeInActive,
          sql`not exists (select 1 from ${games} where ${games.leagueId} = ${seasonsLeagues.leagueId} and ${games.seasonId} = ${seasonsLeagues.seasonId})`,
        ),
      )
      .orderBy(asc(seasonsLeagues.position), asc(leagues.name)),
    db
      .select()
      .from(organizations)
      .where(domainWhere)
      .orderBy(asc(organizations.name))
      .limit(allDomains ? 200 : 1),
  ])

  const season = seasonRows[0] ?? null
  return {
    today,
    season,
    gamesWithoutResult: {
      count: gameCount?.n ?? 0,
      games: gameRows.map((g) => ({ ...g, tonight: g.date === today })),
    },
    smallTeams: { count: teamRows.length, teams: teamRows.slice(0, DASHBOARD_LIMIT) },
    leaguesWithoutSchedule: leagueRows,
    pendingDomains: domainRows.flatMap((row) => {
      const status = badgeFor(row)
      return status === 'active' || !row.domain
        ? []
        : [{ organizationId: row.id, organization: row.name, domain: row.domain, status }]
    }),
  }
}
