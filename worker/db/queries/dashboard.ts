import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, min, sql } from 'drizzle-orm'
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

/** Games older than this many days are not the week's work any more (docs/dashboard.md). */
export const OVERDUE_DAYS = 28

const dayBefore = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() - days)
  return d.toISOString().slice(0, 10)
}

/**
 * What needs a staff member's attention, in one batch (docs/dashboard.md). Current seasons (the
 * active one, and any whose dates include today): games of the last four weeks up to today still
 * without a result, teams under five players, leagues with no game yet. Upcoming seasons (not
 * active, starting after today, or published ahead without a start): the same small teams and
 * unscheduled leagues, and their first game's date. And custom domains not yet live (every
 * organization's, for the super admin).
 */
export async function dashboardOf(db: Db, orgId: number, today: string, allDomains: boolean): Promise<DashboardJson> {
  const isCurrent = sql<boolean>`(${seasons.active} = 1 or (${seasons.startDate} <= ${today} and ${seasons.finishDate} >= ${today}))`
  const isUpcoming = sql<boolean>`(${seasons.active} = 0 and (${seasons.startDate} > ${today} or (${seasons.published} = 1 and ${seasons.startDate} is null)))`
  const ofOrg = eq(seasons.organizationId, orgId)
  const currentIds = db.select({ id: seasons.id }).from(seasons).where(and(ofOrg, isCurrent))
  const watchedIds = db
    .select({ id: seasons.id })
    .from(seasons)
    .where(and(ofOrg, sql`(${isCurrent} or ${isUpcoming})`))
  const upcomingIds = db.select({ id: seasons.id }).from(seasons).where(and(ofOrg, isUpcoming))
  const home = alias(teams, 'home')
  const away = alias(teams, 'away')
  const gameSeason = alias(seasons, 'game_season')
  const overdue = and(
    eq(games.organizationId, orgId),
    inArray(games.seasonId, currentIds),
    eq(games.status, 'scheduled'),
    isNotNull(games.date),
    lte(games.date, today),
    gte(games.date, dayBefore(today, OVERDUE_DAYS)),
  )
  const placeWatched = and(eq(seasonsLeagues.organizationId, orgId), inArray(seasonsLeagues.seasonId, watchedIds))
  const players = count(rosters.id)
  const domainWhere = allDomains
    ? isNotNull(organizations.domain)
    : and(eq(organizations.id, orgId), isNotNull(organizations.domain))

  const [seasonRows, gameRows, [gameCount], teamRows, leagueRows, firstGames, domainRows] = await db.batch([
    db
      .select({
        id: seasons.id,
        name: seasons.name,
        active: seasons.active,
        startDate: seasons.startDate,
        current: sql<number>`${isCurrent}`.as('is_current'),
      })
      .from(seasons)
      .where(and(ofOrg, sql`(${isCurrent} or ${isUpcoming})`))
      .orderBy(desc(seasons.active), asc(seasons.startDate), asc(seasons.id)),
    db
      .select({
        id: games.id,
        date: games.date,
        time: games.time,
        // Aliased: D1 hands back columns by name, and four are called "name".
        home: sql<string>`${home.name}`.as('home_name'),
        away: sql<string>`${away.name}`.as('away_name'),
        league: sql<string | null>`${leagues.name}`.as('league_name'),
        seasonId: games.seasonId,
        season: sql<string>`${gameSeason.name}`.as('season_name'),
      })
      .from(games)
      .innerJoin(home, eq(home.id, games.team1Id))
      .innerJoin(away, eq(away.id, games.team2Id))
      .innerJoin(gameSeason, eq(gameSeason.id, games.seasonId))
      .leftJoin(leagues, eq(leagues.id, games.leagueId))
      .where(overdue)
      .orderBy(desc(games.date), asc(games.time), asc(games.id))
      .limit(DASHBOARD_LIMIT),
    db.select({ n: count() }).from(games).where(overdue),
    db
      .select({
        seasonId: seasonsLeagues.seasonId,
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
      .where(placeWatched)
      .groupBy(seasonsLeaguesTeams.id)
      .having(sql`${players} < ${SMALL_ROSTER}`)
      .orderBy(asc(seasonsLeagues.position), asc(leagues.name), asc(teams.name)),
    db
      .select({ seasonId: seasonsLeagues.seasonId, leagueId: leagues.id, name: leagues.name })
      .from(seasonsLeagues)
      .innerJoin(leagues, eq(leagues.id, seasonsLeagues.leagueId))
      .where(
        and(
          placeWatched,
          sql`not exists (select 1 from ${games} where ${games.leagueId} = ${seasonsLeagues.leagueId} and ${games.seasonId} = ${seasonsLeagues.seasonId})`,
        ),
      )
      .orderBy(asc(seasonsLeagues.position), asc(leagues.name)),
    db
      .select({ seasonId: games.seasonId, date: min(games.date) })
      .from(games)
      .where(and(eq(games.organizationId, orgId), inArray(games.seasonId, upcomingIds), isNotNull(games.date)))
      .groupBy(games.seasonId),
    db
      .select()
      .from(organizations)
      .where(domainWhere)
      .orderBy(asc(organizations.name))
      .limit(allDomains ? 200 : 1),
  ])

  const current = seasonRows.filter((row) => Boolean(row.current))
  const isCurrentSeason = new Set(current.map((row) => row.id))
  const teamsOf = (rows: typeof teamRows) => ({
    count: rows.length,
    teams: rows.slice(0, DASHBOARD_LIMIT).map(({ seasonId, ...team }) => ({ ...team, seasonId: seasonId ?? 0 })),
  })
  const leaguesOf = (rows: typeof leagueRows) => rows.map(({ leagueId, name }) => ({ leagueId, name }))
  const active = current.find((row) => row.active)
  return {
    today,
    season: active ? { id: active.id, name: active.name } : null,
    currentSeasons: current.map(({ id, name }) => ({
      id,
      name,
      leaguesWithoutSchedule: leaguesOf(leagueRows.filter((league) => league.seasonId === id)),
    })),
    gamesWithoutResult: {
      count: gameCount?.n ?? 0,
      games: gameRows.map(({ seasonId, ...g }) => ({ ...g, seasonId: seasonId ?? 0, tonight: g.date === today })),
    },
    smallTeams: teamsOf(teamRows.filter((row) => isCurrentSeason.has(row.seasonId ?? 0))),
    leaguesWithoutSchedule: leaguesOf(leagueRows.filter((row) => isCurrentSeason.has(row.seasonId ?? 0))),
    upcoming: seasonRows
      .filter((row) => !row.current)
      .map((row) => ({
        id: row.id,
        name: row.name,
        startDate: row.startDate,
        firstGame: firstGames.find((g) => g.seasonId === row.id)?.date ?? null,
        smallTeams: teamsOf(teamRows.filter((team) => team.seasonId === row.id)),
        leaguesWithoutSchedule: leaguesOf(leagueRows.filter((league) => league.seasonId === row.id)),
      })),
    pendingDomains: domainRows.flatMap((row) => {
      const status = badgeFor(row)
      return status === 'active' || !row.domain
        ? []
        : [{ organizationId: row.id, organization: row.name, domain: row.domain, status }]
    }),
  }
}
