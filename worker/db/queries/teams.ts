import { and, asc, count, eq, getTableColumns, inArray, isNull, or, SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { StandingRow } from '../../contract/standings'
import { first } from '../../domain/at'
import { clinchMarks } from '../../domain/clinch'
import { countsForStandings, winPercentage } from '../../domain/standings'
import { DEFAULT_TIEBREAKERS, placeTeams, type TiebreakRuleName } from '../../domain/tiebreak'
import { asciiLower } from '../../lib/paging'
import { type Db, rawStatement, runBatch } from '../client'
import {
  divisions,
  games,
  leagues,
  leagueTiebreakers,
  players,
  rosters,
  seasons,
  seasonsLeagues,
  seasonsLeaguesTeams,
  statDefinitions,
  teamSeasonTotals,
  teams,
} from '../schema'
import { aliased, isPlayedGame, mediaUrl, ofSeasonLeague, qualified, rowInOrg, seasonLeagueOfPlace, teamGamesOf } from './shared'
import { shownFirstName, shownLastName } from './shown-names'

export type Team = typeof teams.$inferSelect

/** The team as a row list (0 or 1), batchable (see sessionUserRows). */
export function teamRows(db: Db, orgId: number, teamId: number) {
  return rowInOrg(db, teams, orgId, teamId)
}

export function getTeam(db: Db, orgId: number, teamId: number) {
  return db.query.teams.findFirst({ where: and(eq(teams.id, teamId), eq(teams.organizationId, orgId)) })
}

/**
 * The team as a row list (0 or 1), batchable, with the id of its current place (currentPlaceOfTeam)
 * so the caller knows which of its places the roster and games read with it belong to.
 */
export function teamWithCurrentPlaceRows(db: Db, orgId: number, teamId: number, currentPlace: SQL<number>) {
  return db
    .select({ ...getTableColumns(teams), currentSltId: sql<number | null>`${currentPlace}`.as('current_slt_id') })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, orgId)))
    .limit(1)
}

export type { StandingRow }

/**
 * Standings of the teams of a season — every league, or one — with records from the season's
 * games and FT% / 3PM from its box scores, all in one D1 round trip. The season may be a subquery
 * (`activeSeasonId`), so a caller need not look it up first.
 */
export async function standings(
  db: Db,
  orgId: number,
  seasonId: number | SQL<number>,
  leagueId?: number,
  /** The public site's neutral word for a hidden captain's name (worker/db/queries/shown-names.ts). */
  hidden?: string,
): Promise<StandingRow[]> {
  const linkScope = and(
    eq(seasonsLeagues.organizationId, orgId),
    eq(seasonsLeagues.seasonId, seasonId),
    leagueId ? eq(seasonsLeagues.leagueId, leagueId) : undefined,
  )
  const gameScope = and(
    eq(games.organizationId, orgId),
    eq(games.seasonId, seasonId),
    leagueId ? eq(games.leagueId, leagueId) : undefined,
    // Playoff games never count in the standings (docs/playoffs.md).
    isNull(games.bracketSlotId),
  )
  const [places, results, shooting, settings] = await db.batch([
    db
      .select({
        sltId: aliased(seasonsLeaguesTeams.id, 'slt_id'),
        teamId: aliased(teams.id, 'team_id'),
        name: aliased(teams.name, 'team_name'),
        logoKey: teams.logoKey,
        captainId: teams.captainId,
        captainFirst:
          hidden === undefined
            ? aliased(players.firstName, 'captain_first')
            : sql<string>`${shownFirstName(hidden)}`.as('captain_first'),
        captainLast:
          hidden === undefined
            ? aliased(players.lastName, 'captain_last')
            : sql<string>`${shownLastName(hidden)}`.as('captain_last'),
        leagueId: aliased(leagues.id, 'league_id'),
        leagueName: aliased(leagues.name, 'league_name'),
        seasonId: aliased(seasonsLeagues.seasonId, 'season_id'),
        divisionId: seasonsLeaguesTeams.divisionId,
        position: aliased(seasonsLeaguesTeams.position, 'slt_position'),
        playersCount: sql<number>`(select count(*) from ${rosters} where ${rosters.seasonsLeagueTeamId} = ${seasonsLeaguesTeams.id})`,
      })
      .from(seasonsLeaguesTeams)
      .innerJoin(seasonsLeagues, seasonLeagueOfPlace)
      .innerJoin(leagues, eq(leagues.id, seasonsLeagues.leagueId))
      .innerJoin(teams, eq(teams.id, seasonsLeaguesTeams.teamId))
      .leftJoin(players, eq(players.id, teams.captainId))
      .where(linkScope),
    db
      .select({
        leagueId: aliased(games.leagueId, 'league_id'),
        team1Id: games.team1Id,
        team2Id: games.team2Id,
        scoreTeam1: games.scoreTeam1,
        scoreTeam2: games.scoreTeam2,
        status: games.status,
      })
      .from(games)
      .where(gameScope),
    // FT% and 3PM from the team season totals the box-score triggers keep (docs/reference/performance.md): three rows a
    // team, never the season's raw box scores.
    db
      .select({
        teamId: aliased(teamSeasonTotals.teamId, 'team_id'),
        leagueId: aliased(teamSeasonTotals.leagueId, 'league_id'),
        ftm: sql<number>`coalesce(sum(case when ${statDefinitions.abbreviation} = 'FTM' then ${teamSeasonTotals.total} end), 0)`,
        fta: sql<number>`coalesce(sum(case when ${statDefinitions.abbreviation} = 'FTA' then ${teamSeasonTotals.total} end), 0)`,
        threes: sql<number>`coalesce(sum(case when ${statDefinitions.abbreviation} = '3PM' then ${teamSeasonTotals.total} end), 0)`,
      })
      .from(teamSeasonTotals)
      .innerJoin(statDefinitions, eq(statDefinitions.id, teamSeasonTotals.statId))
      .where(
        and(
          eq(teamSeasonTotals.organizationId, orgId),
          eq(teamSeasonTotals.seasonId, seasonId),
          leagueId ? eq(teamSeasonTotals.leagueId, leagueId) : undefined,
          // A subquery, so the (organization, season, stat) index reads only these three stats.
          inArray(
            teamSeasonTotals.statId,
            db
              .select({ id: statDefinitions.id })
              .from(statDefinitions)
              .where(
                and(eq(statDefinitions.organizationId, orgId), inArray(statDefinitions.abbreviation, ['FTM', 'FTA', '3PM'])),
              ),
          ),
        ),
      )
      .groupBy(teamSeasonTotals.teamId, teamSeasonTotals.leagueId),
    db
      .select()
      .from(leagueTiebreakers)
      .where(and(eq(leagueTiebreakers.organizationId, orgId), leagueId ? eq(leagueTiebreakers.leagueId, leagueId) : undefined)),
  ])
  const rows: StandingRow[] = []
  const byLeague = Map.groupBy(places, (p) => p.leagueId)
  for (const [league, teamsOfLeague] of byLeague) {
    const leagueGames = results.filter((g) => g.leagueId === league)
    const setting = settings.find((s) => s.leagueId === league)
    const ids = teamsOfLeague.map((t) => t.teamId)
    const placed = placeTeams(
      teamsOfLeague.map((t) => ({ id: t.teamId, name: t.name })),
      leagueGames,
      {
        rules: (setting?.rules ?? DEFAULT_TIEBREAKERS) as TiebreakRuleName[],
        pointCap: setting?.pointCap ?? null,
        staffOrder: setting?.staffOrder ?? [],
      },
    )
    const inLeague = new Set(ids)
    const marks = clinchMarks({
      teams: ids,
      wins: new Map(placed.map((p) => [p.id, p.wins])),
      remaining: leagueGames
        .filter(
          (g) =>
            !countsForStandings(g) &&
            (g.status === 'scheduled' || g.status === 'postponed') &&
            inLeague.has(g.team1Id) &&
            inLeague.has(g.team2Id),
        )
        .map((g) => [g.team1Id, g.team2Id] as [number, number]),
      spots: setting?.playoffSpots ?? 0,
    })
    const ranked = placed.map((p) => {
      const t = teamsOfLeague.find((x) => x.teamId === p.id) as (typeof teamsOfLeague)[number]
      const shots = shooting.find((s) => s.teamId === t.teamId && s.leagueId === league)
      return {
        id: t.teamId,
        name: t.name,
        logo: mediaUrl(t.logoKey),
        captain: t.captainFirst ? `${t.captainFirst} ${t.captainLast}` : null,
        captain_id: t.captainId,
        slt_id: t.sltId,
        leagueId: t.leagueId,
        leagueName: t.leagueName,
        seasonId: t.seasonId,
        division_id: t.divisionId,
        position: t.position,
        playersCount: t.playersCount,
        wins: p.wins,
        losses: p.losses,
        rank: p.position,
        winPercentage: winPercentage(p),
        ftPercentage: shots && shots.fta > 0 ? Math.round((shots.ftm / shots.fta) * 1000) / 1000 : 0,
        total3PM: shots?.threes ?? 0,
        tiebreak: p.tiebreak,
        tiebreakDetail: p.tiebreakDetail,
        ...(marks.get(p.id) ?? { clinched: false, eliminated: false }),
      }
    })
    rows.push(...ranked)
  }
  return rows
}

/** A team's place in a league of a season as a row list (0 or 1), batchable (joined ids aliased). */
export function seasonLeagueTeamRows(db: Db, orgId: number, seasonId: number, leagueId: number, teamId: number) {
  return db
    .select({
      id: aliased(seasonsLeaguesTeams.id, 'slt_id'),
      seasonsLeagueId: aliased(seasonsLeagues.id, 'seasons_league_id'),
      divisionId: seasonsLeaguesTeams.divisionId,
      teamVersion: sql<number>`(select ${teams.version} from ${teams} where ${teams.id} = ${seasonsLeaguesTeams.teamId})`,
    })
    .from(seasonsLeaguesTeams)
    .innerJoin(seasonsLeagues, seasonLeagueOfPlace)
    .where(
      and(
        eq(seasonsLeaguesTeams.organizationId, orgId),
        ofSeasonLeague(seasonId, leagueId),
        eq(seasonsLeaguesTeams.teamId, teamId),
      ),
    )
    .limit(1)
}

export const getSeasonLeagueTeam = (db: Db, orgId: number, seasonId: number, leagueId: number, teamId: number) =>
  seasonLeagueTeamRows(db, orgId, seasonId, leagueId, teamId).then((rows) => rows[0])

/** Adds a new team, or an existing one (keeping its history), to a league of a season. */
export async function addTeamToSeasonLeague(
  db: Db,
  orgId: number,
  seasonsLeagueId: number,
  leagueId: number,
  team: { name: string } | { copyFromTeamId: number },
) {
  // Last in the league, computed inside the insert (no round trip of its own).
  const position =
    sql`(select coalesce(max(${seasonsLeaguesTeams.position}), 0) + 1 from ${seasonsLeaguesTeams} where ${seasonsLeaguesTeams.seasonsLeagueId} = ${seasonsLeagueId})` as unknown as number
  if ('name' in team) {
    const newTeam = sql`(select max(id) from ${teams} where ${teams.organizationId} = ${orgId} and ${teams.name} = ${team.name})`
    const [created] = await db.batch([
      db.insert(teams).values({ organizationId: orgId, name: team.name, leagueId }).returning(),
      db
        .insert(seasonsLeaguesTeams)
        .values({ organizationId: orgId, seasonsLeagueId, teamId: newTeam as unknown as number, position }),
    ])
    return first(created).id
  }
  // The copied team brings the roster of its latest season with it (the players usually return).
  const teamId = team.copyFromTeamId
  const newPlace = sql`(select id from ${seasonsLeaguesTeams} where ${seasonsLeaguesTeams.seasonsLeagueId} = ${seasonsLeagueId} and ${seasonsLeaguesTeams.teamId} = ${teamId})`
  const latestPlace = sql`(select max(id) from ${seasonsLeaguesTeams} where ${seasonsLeaguesTeams.teamId} = ${teamId} and ${seasonsLeaguesTeams.seasonsLeagueId} <> ${seasonsLeagueId})`
  await db.batch([
    db.insert(seasonsLeaguesTeams).values({ organizationId: orgId, seasonsLeagueId, teamId, position }),
    rawStatement(
      db,
      sql`insert or ignore into ${rosters} (organization_id, player_id, team_id, seasons_league_team_id)
      select ${orgId}, player_id, team_id, ${newPlace} from ${rosters} where seasons_league_team_id = ${latestPlace}`,
    ),
  ])
  return teamId
}

export async function playedGamesOfTeam(db: Db, orgId: number, teamId: number, seasonId?: number, leagueId?: number) {
  const [row] = await db
    .select({ n: count() })
    .from(games)
    .where(
      and(
        teamGamesOf(orgId, teamId),
        seasonId ? eq(games.seasonId, seasonId) : undefined,
        leagueId ? eq(games.leagueId, leagueId) : undefined,
        isPlayedGame,
      ),
    )
  return row?.n ?? 0
}

/** Takes teams out of a league of a season with their rosters there and unplayed games, atomically. */
export async function removeTeamFromSeasonLeague(
  db: Db,
  orgId: number,
  seasonId: number,
  leagueId: number,
  places: { sltId: number; teamId: number }[],
) {
  const teamIds = places.map((p) => p.teamId)
  await runBatch(db, [
    db
      .delete(games)
      .where(
        and(
          eq(games.organizationId, orgId),
          eq(games.seasonId, seasonId),
          eq(games.leagueId, leagueId),
          or(inArray(games.team1Id, teamIds), inArray(games.team2Id, teamIds)),
        ),
      ),
    db.delete(seasonsLeaguesTeams).where(
      and(
        inArray(
          seasonsLeaguesTeams.id,
          places.map((p) => p.sltId),
        ),
        eq(seasonsLeaguesTeams.organizationId, orgId),
      ),
    ),
  ])
}

export interface TeamChanges {
  name?: string
  captainId?: number | null
  logoKey?: string
  leagueId?: number | null
  unavailableSlots?: string[]
}

export async function updateTeam(db: Db, orgId: number, teamId: number, changes: TeamChanges) {
  if (Object.keys(changes).length === 0) return
  await db
    .update(teams)
    .set(changes)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, orgId)))
}

/**
 * A team's roster as one batchable statement: by its place (season-league-team id), or by season,
 * league and team when the place is not known yet (read in the same round trip as the place).
 */
export function rosterQuery(
  db: Db,
  orgId: number,
  place: number | SQL<number> | { seasonId: number; leagueId: number; teamId: number },
  /** The public site's neutral word for a hidden name; staff: undefined. */
  hidden?: string,
) {
  const sltId =
    typeof place === 'number' || place instanceof SQL
      ? place
      : sql<number>`(select ${seasonsLeaguesTeams.id} from ${seasonsLeaguesTeams} join ${seasonsLeagues} on ${seasonsLeagues.id} = ${seasonsLeaguesTeams.seasonsLeagueId} where ${seasonsLeaguesTeams.organizationId} = ${orgId} and ${seasonsLeagues.seasonId} = ${place.seasonId} and ${seasonsLeagues.leagueId} = ${place.leagueId} and ${seasonsLeaguesTeams.teamId} = ${place.teamId})`
  return db
    .select({
      id: aliased(players.id, 'player_id'),
      firstName: shownFirstName(hidden),
      lastName: shownLastName(hidden),
      imageKey: players.imageKey,
      rosterId: aliased(rosters.id, 'roster_id'),
      // Staff only (no neutral word): the mark beside a name hidden on the public site.
      hideName: hidden === undefined ? players.hideName : sql<boolean>`0`.mapWith(Boolean).as('hide_mark'),
    })
    .from(rosters)
    .innerJoin(players, eq(players.id, rosters.playerId))
    .where(and(eq(rosters.organizationId, orgId), eq(rosters.seasonsLeagueTeamId, sltId)))
    .orderBy(asc(players.lastName), asc(players.firstName))
}

/** A team's players in one league of a season (its roster there). */
export async function rosterOf(db: Db, orgId: number, sltId: number) {
  return toRoster(await rosterQuery(db, orgId, sltId))
}

export function toRoster(rows: Awaited<ReturnType<typeof rosterQuery>>) {
  return rows.map((p) => ({
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    image: mediaUrl(p.imageKey),
    roster_id: p.rosterId,
    ...(p.hideName ? { hideName: true } : {}),
  }))
}

const gameColumns = {
  id: games.id,
  date: games.date,
  time: games.time,
  gameDateTime: games.gameDateTime,
  location: games.location,
  status: games.status,
  team1Id: games.team1Id,
  team2Id: games.team2Id,
  scoreTeam1: games.scoreTeam1,
  scoreTeam2: games.scoreTeam2,
  seasonId: games.seasonId,
  leagueId: games.leagueId,
}

/** A team's games (optionally within one season and league), sorted by date and time. */
export async function gamesOfTeam(
  db: Db,
  orgId: number,
  teamId: number,
  seasonId?: number | SQL<number>,
  leagueId?: number | SQL<number>,
) {
  const query = db
    .select({
      ...gameColumns,
      team1Name: sql<string>`(select name from ${teams} where id = ${qualified(games, games.team1Id)})`,
      team2Name: sql<string>`(select name from ${teams} where id = ${qualified(games, games.team2Id)})`,
    })
    .from(games)
    .where(
      and(
        teamGamesOf(orgId, teamId),
        seasonId ? eq(games.seasonId, seasonId) : undefined,
        leagueId ? eq(games.leagueId, leagueId) : undefined,
      ),
    )
    .orderBy(asc(games.date), asc(games.time), asc(games.id))
  // A batch of one, so a caller may merge it into a shared round trip (inOneTrip).
  const [rows] = await db.batch([query])
  return rows.map((g) => ({
    id: g.id,
    date: g.date,
    time: g.time,
    game_dateTime: g.gameDateTime,
    location: g.location,
    status: g.status,
    season_id: g.seasonId,
    leagueId: g.leagueId,
    team1_id: g.team1Id,
    team2_id: g.team2Id,
    score_team1: g.scoreTeam1,
    score_team2: g.scoreTeam2,
    homeTeam: { id: g.team1Id, name: g.team1Name },
    awayTeam: { id: g.team2Id, name: g.team2Name },
  }))
}

/** The organization's teams for the global team list: ID, Teams, League, # Players. */
export async function listTeams(db: Db, orgId: number, leagueId?: number) {
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      logoKey: teams.logoKey,
      leagueId: teams.leagueId,
      leagueName: leagues.name,
      unavailableSlots: teams.unavailableSlots,
      version: teams.version,
      playersCount: sql<number>`(select count(distinct ${rosters.playerId}) from ${rosters} where ${rosters.teamId} = ${teams.id})`,
    })
    .from(teams)
    .leftJoin(leagues, eq(leagues.id, teams.leagueId))
    .where(and(eq(teams.organizationId, orgId), leagueId ? eq(teams.leagueId, leagueId) : undefined))
    .orderBy(asc(teams.name), asc(teams.id))
  return rows.map(teamJson)
}

type TeamListRow = {
  id: number
  name: string
  logoKey: string | null
  leagueId: number | null
  leagueName: string | null
  unavailableSlots: string[]
  version: number
  playersCount: number
}

/** A team of the global list as the wire names it (docs/reference/league-admin.md "Global team list"). */
export const teamJson = (t: TeamListRow) => ({
  id: t.id,
  name: t.name,
  logo: mediaUrl(t.logoKey),
  leagueId: t.leagueId,
  leagueName: t.leagueName,
  league: t.leagueId ? { id: t.leagueId, name: t.leagueName } : null,
  playersCount: t.playersCount,
  unavailableSlots: t.unavailableSlots,
  version: t.version,
})

/** Ids of the teams placed in a season (any of its leagues). */
const teamsOfSeason = (orgId: number, seasonId: number | SQL<number>) =>
  sql`(select ${qualified(seasonsLeaguesTeams, seasonsLeaguesTeams.teamId)} from ${seasonsLeaguesTeams} inner join ${seasonsLeagues} on ${qualified(seasonsLeagues, seasonsLeagues.id)} = ${qualified(seasonsLeaguesTeams, seasonsLeaguesTeams.seasonsLeagueId)} where ${qualified(seasonsLeaguesTeams, seasonsLeaguesTeams.organizationId)} = ${orgId} and ${qualified(seasonsLeagues, seasonsLeagues.seasonId)} = ${seasonId})`

/**
 * One page of the global team list and how many teams match, as two batchable statements
 * (docs/decisions/2026-11-25-admin-paging.md): by name, optionally only the teams placed in a
 * season — whose player count is then that season's roster — and whose name contains `search`
 * (case-insensitive, ASCII folded as SQLite's lower()).
 */
export function teamsPageQueries(
  db: Db,
  orgId: number,
  filter: { seasonId?: number | SQL<number>; search?: string },
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(teams.organizationId, orgId),
    filter.seasonId ? sql`${teams.id} in ${teamsOfSeason(orgId, filter.seasonId)}` : undefined,
    filter.search ? sql`instr(lower(${teams.name}), ${asciiLower(filter.search)}) > 0` : undefined,
  )
  // Qualified throughout: drizzle leaves columns bare in a one-table select (see `qualified`).
  const seasonRoster = filter.seasonId
    ? sql` inner join ${seasonsLeaguesTeams} on ${qualified(seasonsLeaguesTeams, seasonsLeaguesTeams.id)} = ${qualified(rosters, rosters.seasonsLeagueTeamId)} inner join ${seasonsLeagues} on ${qualified(seasonsLeagues, seasonsLeagues.id)} = ${qualified(seasonsLeaguesTeams, seasonsLeaguesTeams.seasonsLeagueId)} and ${qualified(seasonsLeagues, seasonsLeagues.seasonId)} = ${filter.seasonId}`
    : sql``
  return [
    db
      .select({
        id: teams.id,
        name: teams.name,
        logoKey: teams.logoKey,
        leagueId: teams.leagueId,
        leagueName: sql<
          string | null
        >`(select ${qualified(leagues, leagues.name)} from ${leagues} where ${qualified(leagues, leagues.id)} = ${qualified(teams, teams.leagueId)})`.as(
          'league_name',
        ),
        unavailableSlots: teams.unavailableSlots,
        version: teams.version,
        playersCount:
          sql<number>`(select count(distinct ${qualified(rosters, rosters.playerId)}) from ${rosters}${seasonRoster} where ${qualified(rosters, rosters.teamId)} = ${qualified(teams, teams.id)})`.as(
            'players_count',
          ),
      })
      .from(teams)
      .where(where)
      .orderBy(asc(teams.name), asc(teams.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(teams).where(where),
  ] as const
}

export async function createTeam(db: Db, orgId: number, name: string, leagueId: number | null) {
  return first(await db.insert(teams).values({ organizationId: orgId, name, leagueId }).returning())
}

/** Deletes the teams (and their unplayed games) in one batch; returns the deleted teams' logo keys. */
export async function deleteTeams(db: Db, orgId: number, teamIds: number[]) {
  const [, deleted] = await db.batch([
    db
      .delete(games)
      .where(and(eq(games.organizationId, orgId), or(inArray(games.team1Id, teamIds), inArray(games.team2Id, teamIds)))),
    db
      .delete(teams)
      .where(and(eq(teams.organizationId, orgId), inArray(teams.id, teamIds)))
      .returning({ logoKey: teams.logoKey }),
  ])
  return deleted
}

/** Where a team has played: each season and league it belonged to (for its public page). */
export function placesOfTeam(db: Db, orgId: number, teamId: number) {
  return db
    .select({
      sltId: aliased(seasonsLeaguesTeams.id, 'slt_id'),
      seasonId: aliased(seasons.id, 'season_id'),
      seasonName: aliased(seasons.name, 'season_name'),
      active: seasons.active,
      published: seasons.published,
      leagueId: aliased(leagues.id, 'league_id'),
      leagueName: aliased(leagues.name, 'league_name'),
      divisionId: seasonsLeaguesTeams.divisionId,
      divisionName: aliased(divisions.name, 'division_name'),
    })
    .from(seasonsLeaguesTeams)
    .innerJoin(seasonsLeagues, seasonLeagueOfPlace)
    .innerJoin(seasons, eq(seasons.id, seasonsLeagues.seasonId))
    .innerJoin(leagues, eq(leagues.id, seasonsLeagues.leagueId))
    .leftJoin(divisions, eq(divisions.id, seasonsLeaguesTeams.divisionId))
    .where(and(eq(seasonsLeaguesTeams.organizationId, orgId), eq(seasonsLeaguesTeams.teamId, teamId)))
    .orderBy(sql`${seasons.active} desc`, sql`${seasons.startDate} desc`, asc(seasonsLeaguesTeams.id))
}

/**
 * The team's current place as SQL (what its public page shows): its place in the active season
 * (activeSeasonId), else the first of placesOfTeam's order — so the roster and games of that
 * place are read in the same round trip as the places themselves.
 */
export function currentPlaceOfTeam(orgId: number, teamId: number, activeSeasonId: SQL<number>) {
  const place = sql<number>`(select slt.id from ${seasonsLeaguesTeams} slt join ${seasonsLeagues} sl on sl.id = slt.seasons_league_id join ${seasons} s on s.id = sl.season_id where slt.organization_id = ${orgId} and slt.team_id = ${teamId} order by s.id = ${activeSeasonId} desc, s.active desc, s.start_date desc, slt.id limit 1)`
  const ofPlace = (column: 'season_id' | 'league_id') =>
    sql<number>`(select sl.${sql.raw(column)} from ${seasonsLeagues} sl join ${seasonsLeaguesTeams} slt on slt.seasons_league_id = sl.id where slt.id = ${place})`
  return { place, seasonId: ofPlace('season_id'), leagueId: ofPlace('league_id') }
}

export async function reorderBatch(items: BatchItem<'sqlite'>[], db: Db) {
  await runBatch(db, items)
}
