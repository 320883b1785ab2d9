import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { ByeDate, GameDetail, Game as GameWire, ListedWeekOff, WeekOff } from '../../contract/games'
import { first } from '../../domain/at'
import { fieldGoalsAreDerived, isPercentage } from '../../domain/derived-stats'
import type { GameStatus } from '../../domain/games'
import { asciiLower } from '../../lib/paging'
import { instantOrRefuse } from '../../lib/zone'
import { type Db, runBatch } from '../client'
import {
  boxLines,
  byes,
  courts,
  gamePeriods,
  games,
  leagues,
  periodScores,
  playerGameStats,
  players,
  rosters,
  seasons,
  seasonsLeagues,
  seasonsLeaguesTeams,
  statDefinitions,
  teams,
  venues,
  weekOffs,
} from '../schema'
import { chunks } from './organizations'
import { aliased, mediaUrl, ofSeasonLeague, qualified, seasonLeagueOfPlace, teamGamesOf } from './shared'
import { shownFirstName, shownLastName } from './shown-names'

export type Game = typeof games.$inferSelect

const teamName = (column: typeof games.team1Id | typeof games.team2Id) =>
  sql<string>`(select name from ${teams} where ${teams.id} = ${qualified(games, column)})`
const leagueName = sql<string | null>`(select name from ${leagues} where ${leagues.id} = ${qualified(games, games.leagueId)})`

// Where it is played (docs/venues.md): the venue's name, address and map link, the court's name.
const venueField = (column: typeof venues.name | typeof venues.address | typeof venues.mapUrl) =>
  sql<
    string | null
  >`(select ${qualified(venues, column)} from ${venues} where ${qualified(venues, venues.id)} = ${qualified(games, games.venueId)})`
const courtName = sql<
  string | null
>`(select ${qualified(courts, courts.name)} from ${courts} where ${qualified(courts, courts.id)} = ${qualified(games, games.courtId)})`

const gameColumns = {
  game: games,
  team1Name: teamName(games.team1Id),
  team2Name: teamName(games.team2Id),
  leagueName,
  venueName: venueField(venues.name),
  venueAddress: venueField(venues.address),
  venueMapUrl: venueField(venues.mapUrl),
  courtName,
}

type GameRow = {
  game: Game
  team1Name: string
  team2Name: string
  leagueName: string | null
  venueName: string | null
  venueAddress: string | null
  venueMapUrl: string | null
  courtName: string | null
}

/** A game as the wire contract names it (docs/reference/public-site.md §3, docs/reference/league-admin.md §3); team1 is home, team2 away. */
export function gameJson(row: GameRow): GameWire {
  const { game, team1Name, team2Name, leagueName: league } = row
  return {
    id: game.id,
    season_id: game.seasonId,
    leagueId: game.leagueId,
    league: game.leagueId ? { id: game.leagueId, name: league } : null,
    seasons_league: game.seasonsLeagueId ? { id: game.seasonsLeagueId } : null,
    schedule_id: game.scheduleId,
    week_index: game.weekIndex,
    team1_id: game.team1Id,
    team2_id: game.team2Id,
    home_team_id: game.team1Id,
    away_team_id: game.team2Id,
    homeTeam: { id: game.team1Id, name: team1Name },
    awayTeam: { id: game.team2Id, name: team2Name },
    date: game.date,
    time: game.time,
    game_dateTime: game.gameDateTime,
    location: game.location,
    video_url: game.videoUrl,
    status: game.status,
    score_team1: game.scoreTeam1,
    score_team2: game.scoreTeam2,
    score_home: game.scoreTeam1,
    score_away: game.scoreTeam2,
    locked: game.locked,
    // The optimistic-concurrency token (docs/api-concurrency.md): send it back with an edit.
    version: game.version,
    venue:
      game.venueId !== null && row.venueName !== null
        ? { id: game.venueId, name: row.venueName, address: row.venueAddress, mapUrl: row.venueMapUrl }
        : null,
    court: game.courtId !== null && row.courtName !== null ? { id: game.courtId, name: row.courtName } : null,
  }
}
export type GameJson = ReturnType<typeof gameJson>

/** Games with a season (docs/reference/public-site.md §2.9), sorted by date and time; optionally one season or league. */
export async function listGames(db: Db, orgId: number, filter: GameFilter = {}) {
  return (await gamesQuery(db, orgId, filter)).map(gameJson)
}

type GameFilter = { seasonId?: number | SQL<number>; leagueId?: number | SQL<number>; teamId?: number }

/** The games of a filter as one batchable statement (the season may be SQL: "the active one"). */
export function gamesQuery(db: Db, orgId: number, filter: GameFilter = {}) {
  return db
    .select(gameColumns)
    .from(games)
    .where(
      and(
        filter.teamId ? teamGamesOf(orgId, filter.teamId) : eq(games.organizationId, orgId),
        sql`${games.seasonId} is not null`,
        filter.seasonId ? eq(games.seasonId, filter.seasonId) : undefined,
        filter.leagueId ? eq(games.leagueId, filter.leagueId) : undefined,
      ),
    )
    .orderBy(asc(games.date), asc(games.time), asc(games.id))
}

/**
 * One page of a filter's games and how many match, as two batchable statements (the admin lists:
 * docs/decisions/2026-11-25-admin-paging.md). `search` matches either team's name anywhere,
 * case-insensitively (ASCII folded, as SQLite's lower()).
 */
export function gamesPageQueries(
  db: Db,
  orgId: number,
  filter: GameFilter & { search?: string },
  page: { limit: number; offset: number },
) {
  const namedTeams = filter.search
    ? sql`(select ${qualified(teams, teams.id)} from ${teams} where ${qualified(teams, teams.organizationId)} = ${orgId} and instr(lower(${qualified(teams, teams.name)}), ${asciiLower(filter.search)}) > 0)`
    : undefined
  const where = and(
    filter.teamId ? teamGamesOf(orgId, filter.teamId) : eq(games.organizationId, orgId),
    sql`${games.seasonId} is not null`,
    filter.seasonId ? eq(games.seasonId, filter.seasonId) : undefined,
    filter.leagueId ? eq(games.leagueId, filter.leagueId) : undefined,
    namedTeams ? sql`(${games.team1Id} in ${namedTeams} or ${games.team2Id} in ${namedTeams})` : undefined,
  )
  return [
    db
      .select(gameColumns)
      .from(games)
      .where(where)
      .orderBy(asc(games.date), asc(games.time), asc(games.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)` }).from(games).where(where),
  ] as const
}

/** The game row as `getGame` reads it, as a batchable statement (an empty list: not the organization's). */
export function gameRows(db: Db, orgId: number, gameId: number) {
  return db
    .select(gameColumns)
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.organizationId, orgId)))
}

export async function getGame(db: Db, orgId: number, gameId: number) {
  const [row] = await db
    .select(gameColumns)
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.organizationId, orgId)))
  return row
}

/** The visible stat definitions of the organization for a sport, in the organization's order. */
export function visibleStats(db: Db, orgId: number, sportId: number | SQL<number>) {
  return db
    .select({
      id: statDefinitions.id,
      name: statDefinitions.name,
      abbreviation: statDefinitions.abbreviation,
      order: statDefinitions.order,
    })
    .from(statDefinitions)
    .where(
      and(eq(statDefinitions.organizationId, orgId), eq(statDefinitions.sportId, sportId), eq(statDefinitions.isVisible, true)),
    )
    .orderBy(asc(statDefinitions.order), asc(statDefinitions.id))
}

/** Every stat definition of the organization (hidden ones too), for saving box scores. */
export function allStatDefinitions(db: Db, orgId: number) {
  return db
    .select({ id: statDefinitions.id, abbreviation: statDefinitions.abbreviation, sportId: statDefinitions.sportId })
    .from(statDefinitions)
    .where(eq(statDefinitions.organizationId, orgId))
}

type GamePlace = { seasonId: number | null | SQL<number>; leagueId: number | null | SQL<number> }

/** A team's roster for the game: its players in the game's league and season. */
function rosterForGame(db: Db, orgId: number, game: GamePlace, teamId: number | SQL<number>, hidden?: string) {
  return db
    .select({ id: players.id, firstName: shownFirstName(hidden), lastName: shownLastName(hidden), imageKey: players.imageKey })
    .from(rosters)
    .innerJoin(players, eq(players.id, rosters.playerId))
    .innerJoin(seasonsLeaguesTeams, eq(seasonsLeaguesTeams.id, rosters.seasonsLeagueTeamId))
    .innerJoin(seasonsLeagues, seasonLeagueOfPlace)
    .where(
      and(
        eq(rosters.organizationId, orgId),
        eq(rosters.teamId, teamId),
        ofSeasonLeague(game.seasonId ?? -1, game.leagueId ?? -1),
      ),
    )
    .orderBy(asc(players.lastName), asc(players.firstName))
}

/**
 * Everything the game pages show (docs/reference/league-admin.md §7 GET /api/gamesv2/{id}): the game, both rosters, the
 * period scores, the organization's periods and visible stats, and the recorded stat rows.
 * Players with stats who have since left the roster still appear, so a box score never loses a line.
 */
export async function gameDetail(
  db: Db,
  orgId: number,
  gameId: number,
  /** The public site's neutral word for a hidden name (worker/db/queries/shown-names.ts); staff: undefined. */
  hidden?: string,
): Promise<GameDetail | undefined> {
  // One round trip: everything below reads the game's season, league, teams and sport through
  // subqueries on the game, so nothing waits for the game row first.
  const ofGame = (column: 'season_id' | 'league_id' | 'team1_id' | 'team2_id') =>
    sql<number>`coalesce((select ${sql.raw(column)} from ${games} where ${games.id} = ${gameId} and ${games.organizationId} = ${orgId}), -1)`
  const sportId = sql<number>`coalesce((select ${seasons.sportId} from ${seasons} where ${seasons.id} = ${ofGame('season_id')} and ${seasons.organizationId} = ${orgId}), -1)`
  const place = { seasonId: ofGame('season_id'), leagueId: ofGame('league_id') }
  const [[row], home, away, scores, periods, stats, statRows, lines] = await db.batch([
    db
      .select(gameColumns)
      .from(games)
      .where(and(eq(games.id, gameId), eq(games.organizationId, orgId)))
      .limit(1),
    rosterForGame(db, orgId, place, ofGame('team1_id'), hidden),
    rosterForGame(db, orgId, place, ofGame('team2_id'), hidden),
    db
      .select({
        id: aliased(periodScores.id, 'period_score_id'),
        teamId: periodScores.teamId,
        score: periodScores.score,
        periodId: aliased(gamePeriods.id, 'period_id'),
        periodName: gamePeriods.name,
        hidden: gamePeriods.hidden,
      })
      .from(periodScores)
      .innerJoin(gamePeriods, eq(gamePeriods.id, periodScores.gamePeriodId))
      .where(and(eq(periodScores.organizationId, orgId), eq(periodScores.gameId, gameId))),
    db
      .select({
        id: gamePeriods.id,
        name: gamePeriods.name,
        order: gamePeriods.order,
        hidden: gamePeriods.hidden,
        sportId: gamePeriods.sportId,
      })
      .from(gamePeriods)
      .where(and(eq(gamePeriods.organizationId, orgId), eq(gamePeriods.sportId, sportId)))
      .orderBy(asc(gamePeriods.order), asc(gamePeriods.id)),
    visibleStats(db, orgId, sportId),
    db
      .select({
        playerId: playerGameStats.playerId,
        teamId: playerGameStats.teamId,
        statId: playerGameStats.statId,
        value: playerGameStats.value,
        firstName: shownFirstName(hidden),
        lastName: shownLastName(hidden),
      })
      .from(playerGameStats)
      .innerJoin(players, eq(players.id, playerGameStats.playerId))
      .where(and(eq(playerGameStats.organizationId, orgId), eq(playerGameStats.gameId, gameId))),
    db
      .select({ playerId: boxLines.playerId, version: boxLines.version })
      .from(boxLines)
      .where(and(eq(boxLines.organizationId, orgId), eq(boxLines.gameId, gameId))),
  ])
  if (!row) return undefined
  const { game } = row
  const withFormer = (roster: typeof home, teamId: number) => {
    const listed: { id: number; firstName: string; lastName: string; image: string | null; former?: boolean }[] = roster.map(
      (p) => ({
        id: p.id,
        firstName: p.firstName,
        lastName: p.lastName,
        image: mediaUrl(p.imageKey),
      }),
    )
    for (const s of statRows) {
      if (s.teamId === teamId && !listed.some((p) => p.id === s.playerId)) {
        listed.push({ id: s.playerId, firstName: s.firstName, lastName: s.lastName, image: null, former: true })
      }
    }
    return listed
  }
  return {
    game: gameJson(row),
    homeRoster: withFormer(home, game.team1Id),
    awayRoster: withFormer(away, game.team2Id),
    periodScores: scores.map((s) => ({
      id: s.id,
      team_id: s.teamId,
      score: s.score,
      gamePeriod: { id: s.periodId, name: s.periodName, hidden: s.hidden },
    })),
    gamePeriods: periods,
    allStats: stats.map((s) => ({ ...s, is_visible: true })),
    playerStats: statRows.map((s) => ({
      player_id: s.playerId,
      game_id: game.id,
      team_id: s.teamId,
      stat_id: s.statId,
      value: s.value,
    })),
    // Each player's line version (docs/api-concurrency.md); a player without one has version 0.
    lineVersions: Object.fromEntries(lines.map((l) => [l.playerId, l.version])) as Record<string, number>,
    // Line versions only rise and a line is never dropped while its game lives (migration 0008), so
    // their sum rises with every change to any line: the box score's version.
    boxScoreVersion: lines.reduce((sum, l) => sum + l.version, 0),
  }
}

/** Player ids on each side's roster for the game. */
export async function rosterIds(db: Db, orgId: number, game: Game) {
  const [home, away] = await db.batch([
    rosterForGame(db, orgId, game, game.team1Id),
    rosterForGame(db, orgId, game, game.team2Id),
  ])
  return { home: new Set(home.map((p) => p.id)), away: new Set(away.map((p) => p.id)) }
}

export interface BoxScoreRow {
  playerId: number
  teamId: number
  statId: number
  value: number
}

/**
 * Replaces the box score (the whole game's, or only the given players') in one batch. Percentages
 * are never stored; FGM/FGA are stored as the sums of the 2- and 3-point stats where those exist.
 */
export async function saveBoxScore(
  db: Db,
  orgId: number,
  gameId: number,
  rows: BoxScoreRow[],
  definitions: { id: number; abbreviation: string }[],
  onlyPlayers?: number[],
) {
  await runBatch(db, boxScoreStatements(db, orgId, gameId, rows, definitions, onlyPlayers))
}

/** saveBoxScore's statements, to run inside a bigger batch (the live game's writes: docs/live-scoring.md). */
export function boxScoreStatements(
  db: Db,
  orgId: number,
  gameId: number,
  rows: BoxScoreRow[],
  definitions: { id: number; abbreviation: string }[],
  onlyPlayers?: number[],
): BatchItem<'sqlite'>[] {
  const byId = new Map(definitions.map((d) => [d.id, d.abbreviation]))
  const abbreviations = definitions.map((d) => d.abbreviation)
  const idOf = (abbreviation: string) => definitions.find((d) => d.abbreviation === abbreviation)?.id
  const stored: BoxScoreRow[] = rows.filter((r) => !isPercentage(byId.get(r.statId) ?? ''))
  if (fieldGoalsAreDerived(abbreviations)) {
    const fgm = idOf('FGM')
    const fga = idOf('FGA')
    const lines = Map.groupBy(stored, (r) => r.playerId)
    const derived: BoxScoreRow[] = []
    for (const [playerId, line] of lines) {
      const v = (a: string) => line.find((r) => byId.get(r.statId) === a)?.value ?? 0
      const teamId = first(line).teamId
      if (fgm) derived.push({ playerId, teamId, statId: fgm, value: v('2PM') + v('3PM') })
      if (fga) derived.push({ playerId, teamId, statId: fga, value: v('2PA') + v('3PA') })
    }
    const derivedIds = new Set([fgm, fga])
    stored.splice(0, stored.length, ...stored.filter((r) => !derivedIds.has(r.statId)), ...derived)
  }
  const scope = and(
    eq(playerGameStats.organizationId, orgId),
    eq(playerGameStats.gameId, gameId),
    onlyPlayers ? inArray(playerGameStats.playerId, onlyPlayers) : undefined,
  )
  // Rows no longer in the box score go; the rest are upserted, touching only values that changed,
  // so the audit trail shows what an edit really changed (docs/reference/trust-and-security.md §8), not a delete and re-insert of
  // every row. The kept pairs travel as one JSON parameter: D1 binds at most 100 per statement.
  const kept = JSON.stringify(stored.map((r) => [r.playerId, r.statId]))
  const gone = sql`not exists (select 1 from json_each(${kept}) as kept where json_extract(kept.value, '$[0]') = ${playerGameStats.playerId} and json_extract(kept.value, '$[1]') = ${playerGameStats.statId})`
  const items: BatchItem<'sqlite'>[] = [db.delete(playerGameStats).where(and(scope, gone))]
  // 6 parameters per row.
  for (const part of chunks(stored, 16)) {
    items.push(
      db
        .insert(playerGameStats)
        .values(
          part.map((r) => ({
            organizationId: orgId,
            gameId,
            playerId: r.playerId,
            teamId: r.teamId,
            statId: r.statId,
            value: r.value,
          })),
        )
        .onConflictDoUpdate({
          target: [playerGameStats.gameId, playerGameStats.playerId, playerGameStats.statId],
          set: { value: sql`excluded.value`, teamId: sql`excluded.team_id` },
          setWhere: sql`${playerGameStats.value} is not excluded.value or ${playerGameStats.teamId} is not excluded.team_id`,
        }),
    )
  }
  return items
}

/**
 * Saves the final score and the period scores together. The period named Final always equals the
 * final score (docs/reference/games-and-statistics.md: the final score is its own pair, kept in step with the Final period). A
 * scheduled game with a score becomes completed.
 */
export async function saveScores(
  db: Db,
  orgId: number,
  game: Game,
  score: { home: number; away: number },
  periods: { gamePeriodId: number; teamId: number; score: number }[],
  finalPeriodId: number | null,
  /** Writes that go in the same batch: a playoff game's winner advancing (docs/playoffs.md). */
  followUps: BatchItem<'sqlite'>[] = [],
  /** Box-score lines saved in the same batch (a settled score report's, docs/members.md "Score reports"). */
  boxScore?: { rows: BoxScoreRow[]; definitions: { id: number; abbreviation: string }[]; players: number[] },
) {
  await runBatch(db, finalScoreStatements(db, orgId, game, score, periods, finalPeriodId, followUps, boxScore))
}

/** saveScores' statements: the game's final, its periods, optional box-score lines and the follow-ups, in one batch. */
export function finalScoreStatements(
  db: Db,
  orgId: number,
  game: Game,
  score: { home: number; away: number },
  periods: { gamePeriodId: number; teamId: number; score: number }[],
  finalPeriodId: number | null,
  followUps: BatchItem<'sqlite'>[] = [],
  boxScore?: { rows: BoxScoreRow[]; definitions: { id: number; abbreviation: string }[]; players: number[] },
): BatchItem<'sqlite'>[] {
  const rows = periods.filter((p) => p.gamePeriodId !== finalPeriodId)
  if (finalPeriodId) {
    rows.push({ gamePeriodId: finalPeriodId, teamId: game.team1Id, score: score.home })
    rows.push({ gamePeriodId: finalPeriodId, teamId: game.team2Id, score: score.away })
  }
  const status: GameStatus = game.status === 'scheduled' && (score.home > 0 || score.away > 0) ? 'completed' : game.status
  const items: BatchItem<'sqlite'>[] = [
    db
      .update(games)
      .set({ scoreTeam1: score.home, scoreTeam2: score.away, status })
      .where(and(eq(games.id, game.id), eq(games.organizationId, orgId))),
  ]
  items.push(...periodScoreStatements(db, orgId, game.id, rows))
  if (boxScore && boxScore.players.length > 0)
    items.push(...boxScoreStatements(db, orgId, game.id, boxScore.rows, boxScore.definitions, boxScore.players))
  items.push(...followUps)
  return items
}

/** Upserts of a game's period scores, as batchable statements. */
export function periodScoreStatements(
  db: Db,
  orgId: number,
  gameId: number,
  rows: { gamePeriodId: number; teamId: number; score: number }[],
): BatchItem<'sqlite'>[] {
  return rows.map((r) =>
    db
      .insert(periodScores)
      .values({ organizationId: orgId, gameId, gamePeriodId: r.gamePeriodId, teamId: r.teamId, score: r.score })
      .onConflictDoUpdate({
        target: [periodScores.gameId, periodScores.gamePeriodId, periodScores.teamId],
        set: { score: r.score },
      }),
  )
}

export interface GameFields {
  seasonId?: number | null
  leagueId?: number | null
  seasonsLeagueId?: number | null
  team1Id?: number
  team2Id?: number
  date?: string | null
  time?: string | null
  location?: string | null
  videoUrl?: string | null
  status?: GameStatus
  venueId?: number | null
  courtId?: number | null
}

/** The stored game_dateTime always follows the local date and time, read in the organization's zone. */
function withInstant(fields: GameFields, zone: string, current?: Game): Partial<Game> {
  const date = fields.date !== undefined ? fields.date : (current?.date ?? null)
  const time = fields.time !== undefined ? fields.time : (current?.time ?? null)
  return { ...fields, gameDateTime: instantOrRefuse(date, time, zone) }
}

export async function createGame(db: Db, orgId: number, zone: string, fields: GameFields & { team1Id: number; team2Id: number }) {
  const [inserted] = await db.batch([
    db
      .insert(games)
      .values({
        ...withInstant(fields, zone),
        organizationId: orgId,
        team1Id: fields.team1Id,
        team2Id: fields.team2Id,
        status: 'scheduled',
      })
      .returning({ id: games.id }),
  ])
  return first(inserted).id
}

/** `followUps` go in the same batch: a playoff game's bracket brought in line (docs/playoffs.md). */
export async function updateGame(
  db: Db,
  orgId: number,
  zone: string,
  game: Game,
  fields: GameFields,
  followUps: BatchItem<'sqlite'>[] = [],
) {
  await db.batch([
    db
      .update(games)
      .set(withInstant(fields, zone, game))
      .where(and(eq(games.id, game.id), eq(games.organizationId, orgId))),
    ...followUps,
  ])
}

export async function deleteGame(db: Db, orgId: number, gameId: number, followUps: BatchItem<'sqlite'>[] = []) {
  await db.batch([db.delete(games).where(and(eq(games.id, gameId), eq(games.organizationId, orgId))), ...followUps])
}

export async function gameHasStats(db: Db, orgId: number, gameId: number) {
  const row = await db.query.playerGameStats.findFirst({
    where: and(eq(playerGameStats.organizationId, orgId), eq(playerGameStats.gameId, gameId)),
    columns: { id: true },
  })
  return Boolean(row)
}

/** Byes grouped by date and league (docs/reference/public-site.md §3: date, teams). */
export async function listByes(db: Db, orgId: number, seasonId: number) {
  return toByes(await byesQuery(db, orgId, seasonId))
}

export function byesQuery(db: Db, orgId: number, seasonId: number | SQL<number>) {
  return db
    .select({
      id: byes.id,
      date: byes.date,
      leagueId: byes.leagueId,
      teamId: byes.teamId,
      teamName: aliased(teams.name, 'team_name'),
    })
    .from(byes)
    .innerJoin(teams, eq(teams.id, byes.teamId))
    .where(and(eq(byes.organizationId, orgId), eq(byes.seasonId, seasonId)))
    .orderBy(asc(byes.date), asc(teams.name))
}

export function toByes(rows: Awaited<ReturnType<typeof byesQuery>>): ByeDate[] {
  const grouped = Map.groupBy(rows, (r) => `${r.date}|${r.leagueId}`)
  return [...grouped.values()].map((group) => ({
    id: first(group).id,
    date: first(group).date,
    league_id: first(group).leagueId,
    team_id: first(group).teamId,
    teams: group.map((r) => ({ id: r.teamId, name: r.teamName })),
  }))
}

export async function listWeekOffs(db: Db, orgId: number, seasonId: number) {
  return toWeekOffs(await weekOffsQuery(db, orgId, seasonId))
}

export function weekOffsQuery(db: Db, orgId: number, seasonId: number | SQL<number>) {
  return db
    .select()
    .from(weekOffs)
    .where(and(eq(weekOffs.organizationId, orgId), eq(weekOffs.seasonId, seasonId)))
    .orderBy(asc(weekOffs.date))
}

export function toWeekOffs(rows: Awaited<ReturnType<typeof weekOffsQuery>>): ListedWeekOff[] {
  return rows.map((w) => ({
    id: w.id,
    date: w.date,
    reason: w.reason,
    season_id: w.seasonId,
    league_id: w.leagueId,
    seasons_leagues_id: w.seasonsLeaguesId,
  }))
}

/** Every stat row of a player with the game it belongs to, newest game first. */
export function statRowsOfPlayer(db: Db, orgId: number, playerId: number, seasonId?: number | SQL<number>) {
  return db
    .select({
      gameId: games.id,
      date: games.date,
      time: games.time,
      gameDateTime: games.gameDateTime,
      seasonId: games.seasonId,
      seasonName: aliased(seasons.name, 'season_name'),
      team1Id: games.team1Id,
      team2Id: games.team2Id,
      scoreTeam1: games.scoreTeam1,
      scoreTeam2: games.scoreTeam2,
      teamId: playerGameStats.teamId,
      abbreviation: statDefinitions.abbreviation,
      value: playerGameStats.value,
    })
    .from(playerGameStats)
    .innerJoin(games, eq(games.id, playerGameStats.gameId))
    .innerJoin(statDefinitions, eq(statDefinitions.id, playerGameStats.statId))
    .leftJoin(seasons, eq(seasons.id, games.seasonId))
    .where(
      and(
        eq(playerGameStats.organizationId, orgId),
        eq(playerGameStats.playerId, playerId),
        seasonId ? eq(games.seasonId, seasonId) : undefined,
      ),
    )
    .orderBy(desc(games.date), desc(games.time), desc(games.id))
}

export async function teamNames(db: Db, orgId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>()
  const rows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organizationId, orgId), inArray(teams.id, ids)))
  return new Map(rows.map((r) => [r.id, r.name]))
}

export async function createWeekOff(
  db: Db,
  orgId: number,
  w: { seasonId: number; leagueId: number; seasonsLeaguesId: number; date: string; reason: string },
): Promise<WeekOff> {
  const [inserted] = await db.batch([
    db
      .insert(weekOffs)
      .values({ organizationId: orgId, ...w })
      .returning(),
  ])
  const created = first(inserted)
  return { id: created.id, date: created.date, reason: created.reason, season_id: created.seasonId, league_id: created.leagueId }
}

export async function deleteWeekOff(db: Db, orgId: number, weekOffId: number) {
  // The data-version trigger bumps the version only when a row really goes.
  const deleted = await db
    .delete(weekOffs)
    .where(and(eq(weekOffs.id, weekOffId), eq(weekOffs.organizationId, orgId)))
    .returning({ id: weekOffs.id })
  return deleted.length > 0
}

/**
 * The statements that read every dated game of the organization in a new zone: one update per
 * distinct local date and time (a league plays many games at the same times), each keeping the date
 * and time and moving the instant. A time the new zone's clocks skip refuses the change (400).
 */
export async function rezoneGameStatements(db: Db, orgId: number, zone: string): Promise<BatchItem<'sqlite'>[]> {
  const times = await db
    .selectDistinct({ date: games.date, time: games.time })
    .from(games)
    .where(and(eq(games.organizationId, orgId), isNotNull(games.date), isNotNull(games.time)))
  return times.map(({ date, time }) =>
    db
      .update(games)
      .set({ gameDateTime: instantOrRefuse(date, time, zone, 'timeZone') })
      .where(and(eq(games.organizationId, orgId), eq(games.date, date ?? ''), eq(games.time, time ?? ''))),
  )
}
