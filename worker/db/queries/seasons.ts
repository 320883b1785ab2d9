import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Season as SeasonJson, SeasonLeague, SeasonsLeague } from '../../contract/seasons'
import { first } from '../../domain/at'
import { type Db, rawStatement, runBatch } from '../client'
import {
  byes,
  games,
  leagues,
  organizations,
  rosters,
  seasons,
  seasonsLeagues,
  seasonsLeaguesTeams,
  sports,
  weekOffs,
} from '../schema'
import { inScope, type OrgScope } from '../scope'
import { aliased, isPlayedGame, ofSeasonLeague, rowInOrg } from './shared'

export type Season = typeof seasons.$inferSelect

export interface SeasonInput {
  name: string
  startDate: string | null
  finishDate: string | null
  active: boolean
  published?: boolean
  sportId: number | null
}

const seasonColumns = {
  id: seasons.id,
  version: seasons.version,
  name: seasons.name,
  startDate: seasons.startDate,
  finishDate: seasons.finishDate,
  active: seasons.active,
  published: seasons.published,
  sportId: seasons.sportId,
  organizationId: seasons.organizationId,
  organizationName: organizations.name,
  sportType: sports.type,
  sportName: sports.name,
}

type SeasonRow = Awaited<ReturnType<typeof seasonQuery>>[number]

/** The season as docs/reference/league-admin.md §3 names it. */
export function seasonJson(row: SeasonRow): SeasonJson {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    startDate: row.startDate,
    finishDate: row.finishDate,
    active: row.active,
    /** Listed publicly (as upcoming while not active) before it becomes active. */
    published: row.published,
    sport_id: row.sportId,
    organization_id: row.organizationId,
    organization: { name: row.organizationName },
    sportsv2: row.sportType ? { type: row.sportType, name: row.sportName } : null,
  }
}

function seasonQuery(db: Db) {
  return db
    .select(seasonColumns)
    .from(seasons)
    .innerJoin(organizations, eq(organizations.id, seasons.organizationId))
    .leftJoin(sports, eq(sports.id, seasons.sportId))
}

/** Newest first; a super admin's scope of every organization sees every organization's seasons. */
export async function listSeasons(db: Db, scope: OrgScope) {
  const rows = await seasonQuery(db)
    .where(inScope(seasons.organizationId, scope))
    .orderBy(desc(seasons.startDate), desc(seasons.id))
  return rows.map((r) => seasonJson(r))
}

export async function getSeasonJson(db: Db, orgId: number, seasonId: number) {
  const [row] = await seasonQuery(db).where(and(eq(seasons.id, seasonId), eq(seasons.organizationId, orgId)))
  return row ? seasonJson(row) : undefined
}

export function getSeason(db: Db, orgId: number, seasonId: number) {
  return db.query.seasons.findFirst({ where: and(eq(seasons.id, seasonId), eq(seasons.organizationId, orgId)) })
}

/** A season, or the active one, as a row list (0 or 1) for `db.batch` (see sessionUserRows). */
export function seasonRows(db: Db, orgId: number, seasonId?: number) {
  const which = seasonId ? eq(seasons.id, seasonId) : eq(seasons.active, true)
  return db
    .select()
    .from(seasons)
    .where(and(which, eq(seasons.organizationId, orgId)))
    .orderBy(desc(seasons.startDate), desc(seasons.id))
    .limit(1)
}

/** The season the public site shows: the active one with the latest start. */
export function activeSeason(db: Db, orgId: number) {
  return db.query.seasons.findFirst({
    where: and(eq(seasons.organizationId, orgId), eq(seasons.active, true)),
    orderBy: [desc(seasons.startDate), desc(seasons.id)],
  })
}

/**
 * Decision: one active season per organization and sport — the public site shows "the active
 * season" (docs/reference/league-admin.md §1), so ticking Active on one season clears it on the others of that sport.
 */
function deactivateOthers(db: Db, orgId: number, sportId: number | null, exceptId: number | null) {
  return db
    .update(seasons)
    .set({ active: false })
    .where(
      and(
        eq(seasons.organizationId, orgId),
        sportId === null ? sql`${seasons.sportId} is null` : eq(seasons.sportId, sportId),
        exceptId === null ? undefined : ne(seasons.id, exceptId),
      ),
    )
}

export async function createSeason(db: Db, orgId: number, input: SeasonInput) {
  const insert = db
    .insert(seasons)
    .values({ ...input, organizationId: orgId })
    .returning({ id: seasons.id })
  if (!input.active) return first(await insert).id
  const [, created] = await db.batch([deactivateOthers(db, orgId, input.sportId, null), insert])
  return first(created).id
}

export async function updateSeason(db: Db, orgId: number, seasonId: number, input: Partial<SeasonInput>, sportId: number | null) {
  const update = db
    .update(seasons)
    .set(input)
    .where(and(eq(seasons.id, seasonId), eq(seasons.organizationId, orgId)))
  if (input.active) await db.batch([deactivateOthers(db, orgId, input.sportId ?? sportId, seasonId), update])
  else if (Object.keys(input).length > 0) await update
}

/** How many played games a set of seasons holds, per season (for 409 messages). */
export async function playedGamesBySeason(db: Db, orgId: number, seasonIds: number[]) {
  const rows = await db
    .select({ seasonId: games.seasonId, n: count() })
    .from(games)
    .where(and(eq(games.organizationId, orgId), inArray(games.seasonId, seasonIds), isPlayedGame))
    .groupBy(games.seasonId)
  return new Map(rows.map((r) => [r.seasonId as number, r.n]))
}

/**
 * Deletes seasons with everything that only exists inside them (league links, teams' places,
 * rosters, divisions, unplayed games, byes, week-offs) in one batch. Callers refuse first when a
 * season holds played games.
 */
export async function deleteSeasons(db: Db, orgId: number, seasonIds: number[]) {
  const scope = and(eq(games.organizationId, orgId), inArray(games.seasonId, seasonIds))
  await db.batch([
    db.delete(games).where(scope),
    db.delete(byes).where(and(eq(byes.organizationId, orgId), inArray(byes.seasonId, seasonIds))),
    db.delete(weekOffs).where(and(eq(weekOffs.organizationId, orgId), inArray(weekOffs.seasonId, seasonIds))),
    db.delete(seasons).where(and(eq(seasons.organizationId, orgId), inArray(seasons.id, seasonIds))),
  ])
}

// ---- leagues within a season ---------------------------------------------------------------

/** A league's link to a season as a row list (0 or 1), batchable (joined ids aliased). */
export function seasonLeagueRows(db: Db, orgId: number, seasonId: number | SQL<number>, leagueId: number) {
  return db
    .select({
      id: aliased(seasonsLeagues.id, 'seasons_league_id'),
      position: seasonsLeagues.position,
      leagueId: aliased(leagues.id, 'league_id'),
      name: leagues.name,
    })
    .from(seasonsLeagues)
    .innerJoin(leagues, eq(leagues.id, seasonsLeagues.leagueId))
    .where(
      and(eq(seasonsLeagues.organizationId, orgId), eq(seasonsLeagues.seasonId, seasonId), eq(seasonsLeagues.leagueId, leagueId)),
    )
    .limit(1)
}

export function getSeasonLeague(db: Db, orgId: number, seasonId: number, leagueId: number) {
  return db
    .select({ id: seasonsLeagues.id, position: seasonsLeagues.position, leagueId: leagues.id, name: leagues.name })
    .from(seasonsLeagues)
    .innerJoin(leagues, eq(leagues.id, seasonsLeagues.leagueId))
    .where(
      and(eq(seasonsLeagues.organizationId, orgId), eq(seasonsLeagues.seasonId, seasonId), eq(seasonsLeagues.leagueId, leagueId)),
    )
    .then((rows) => rows[0])
}

/** The season's leagues in their order, with the number of teams in each. */
/**
 * The id of the season the public site shows, as SQL: lists of "the active season" read it in the
 * same statement instead of asking for the season first (docs/reference/performance.md §2: one round trip, not two).
 */
export const activeSeasonId = (orgId: number) =>
  sql<number>`(select ${seasons.id} from ${seasons} where ${seasons.organizationId} = ${orgId} and ${seasons.active} = 1 order by ${seasons.startDate} desc, ${seasons.id} desc limit 1)`

/** The season's leagues as one batchable statement (joined columns aliased: D1 batch rows are objects). */
export function seasonLeaguesQuery(db: Db, orgId: number, seasonId: number | SQL<number>) {
  return db
    .select({
      id: aliased(leagues.id, 'league_id'),
      name: aliased(leagues.name, 'league_name'),
      // The league row's version, sent back with a rename (docs/api-concurrency.md).
      version: aliased(leagues.version, 'league_version'),
      seasonsLeagueId: aliased(seasonsLeagues.id, 'seasons_league_id'),
      position: seasonsLeagues.position,
      teamsCount: sql<number>`(select count(*) from ${seasonsLeaguesTeams} where ${seasonsLeaguesTeams.seasonsLeagueId} = ${seasonsLeagues.id})`,
      rosterSize: leagues.rosterSize,
      rosterDeadline: leagues.rosterDeadline,
      reminderHours: leagues.reminderHours,
      minPlayers: leagues.minPlayers,
      reportDeadlineHours: leagues.reportDeadlineHours,
    })
    .from(seasonsLeagues)
    .innerJoin(leagues, eq(leagues.id, seasonsLeagues.leagueId))
    .where(and(eq(seasonsLeagues.organizationId, orgId), eq(seasonsLeagues.seasonId, seasonId)))
    .orderBy(asc(seasonsLeagues.position), asc(seasonsLeagues.id))
}

export const toSeasonLeagues = (rows: Awaited<ReturnType<typeof seasonLeaguesQuery>>): SeasonLeague[] =>
  rows.map((r) => ({
    id: r.id,
    name: r.name,
    version: r.version,
    position: r.position,
    teamsCount: r.teamsCount,
    rosterSize: r.rosterSize,
    rosterDeadline: r.rosterDeadline,
    reminderHours: r.reminderHours,
    minPlayers: r.minPlayers,
    reportDeadlineHours: r.reportDeadlineHours,
    seasons_leagues: [{ id: r.seasonsLeagueId }],
  }))

export async function listSeasonLeagues(db: Db, orgId: number, seasonId: number) {
  return toSeasonLeagues(await seasonLeaguesQuery(db, orgId, seasonId))
}

export async function nextLeaguePosition(db: Db, orgId: number, seasonId: number) {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${seasonsLeagues.position}), 0)` })
    .from(seasonsLeagues)
    .where(and(eq(seasonsLeagues.organizationId, orgId), eq(seasonsLeagues.seasonId, seasonId)))
  return (row?.max ?? 0) + 1
}

/**
 * Adds a league to a season. Copying (docs/reference/league-admin.md Season detail "Add League … copying a league from
 * another season") links the same league and carries its teams and rosters over, so a team's
 * history stays one team across seasons.
 */
export async function addSeasonLeague(
  db: Db,
  orgId: number,
  seasonId: number,
  input: { name: string; copyFrom?: { seasonsLeagueId: number; leagueId: number } },
) {
  const position = await nextLeaguePosition(db, orgId, seasonId)
  if (!input.copyFrom) {
    const leagueIdByName = sql`(select max(id) from ${leagues} where ${leagues.organizationId} = ${orgId} and ${leagues.name} = ${input.name})`
    const [, link] = await db.batch([
      db.insert(leagues).values({ organizationId: orgId, name: input.name }),
      db
        .insert(seasonsLeagues)
        .values({ organizationId: orgId, seasonId, leagueId: leagueIdByName as unknown as number, position })
        .returning(),
    ])
    return first(link).leagueId
  }
  const { seasonsLeagueId: fromLink, leagueId } = input.copyFrom
  const newLink = sql`(select id from ${seasonsLeagues} where ${seasonsLeagues.seasonId} = ${seasonId} and ${seasonsLeagues.leagueId} = ${leagueId})`
  const items: BatchItem<'sqlite'>[] = [
    db.insert(seasonsLeagues).values({ organizationId: orgId, seasonId, leagueId, position }),
    rawStatement(
      db,
      sql`insert into ${seasonsLeaguesTeams} (organization_id, seasons_league_id, team_id, position)
      select ${orgId}, ${newLink}, team_id, position from ${seasonsLeaguesTeams} where seasons_league_id = ${fromLink}`,
    ),
    rawStatement(
      db,
      sql`insert into ${rosters} (organization_id, player_id, team_id, seasons_league_team_id)
      select ${orgId}, r.player_id, r.team_id, nt.id from ${rosters} r
      join ${seasonsLeaguesTeams} ot on ot.id = r.seasons_league_team_id and ot.seasons_league_id = ${fromLink}
      join ${seasonsLeaguesTeams} nt on nt.team_id = ot.team_id and nt.seasons_league_id = ${newLink}`,
    ),
  ]
  if (input.name)
    items.push(
      db
        .update(leagues)
        .set({ name: input.name })
        .where(and(eq(leagues.id, leagueId), eq(leagues.organizationId, orgId))),
    )
  await runBatch(db, items)
  return leagueId
}

export async function renameLeague(
  db: Db,
  orgId: number,
  leagueId: number,
  name: string,
  rules: Partial<
    Pick<typeof leagues.$inferInsert, 'rosterSize' | 'rosterDeadline' | 'reminderHours' | 'minPlayers' | 'reportDeadlineHours'>
  > = {},
) {
  await db
    .update(leagues)
    .set({ name, ...rules })
    .where(and(eq(leagues.id, leagueId), eq(leagues.organizationId, orgId)))
}

export async function reorderSeasonLeagues(db: Db, orgId: number, seasonId: number, order: { id: number; position: number }[]) {
  const items = order.map((o) =>
    db
      .update(seasonsLeagues)
      .set({ position: o.position })
      .where(
        and(eq(seasonsLeagues.organizationId, orgId), eq(seasonsLeagues.seasonId, seasonId), eq(seasonsLeagues.leagueId, o.id)),
      ),
  )
  await runBatch(db, items)
}

/** Played games of each of the leagues in a season, as one batchable statement (leagues without any absent). */
export function playedGamesInSeasonLeagues(db: Db, orgId: number, seasonId: number, leagueIds: number[]) {
  return db
    .select({ leagueId: aliased(games.leagueId, 'league_id'), n: count() })
    .from(games)
    .where(and(eq(games.organizationId, orgId), eq(games.seasonId, seasonId), inArray(games.leagueId, leagueIds), isPlayedGame))
    .groupBy(games.leagueId)
}

/** Removes leagues from a season (their places, rosters, unplayed games, byes, week-offs), atomically. */
export async function removeSeasonLeague(db: Db, orgId: number, seasonId: number, leagueIds: number[]) {
  const items: BatchItem<'sqlite'>[] = leagueIds.flatMap((leagueId) => [
    db.delete(games).where(and(eq(games.organizationId, orgId), eq(games.seasonId, seasonId), eq(games.leagueId, leagueId))),
    db.delete(byes).where(and(eq(byes.organizationId, orgId), eq(byes.seasonId, seasonId), eq(byes.leagueId, leagueId))),
    db
      .delete(weekOffs)
      .where(and(eq(weekOffs.organizationId, orgId), eq(weekOffs.seasonId, seasonId), eq(weekOffs.leagueId, leagueId))),
    db.delete(seasonsLeagues).where(and(eq(seasonsLeagues.organizationId, orgId), ofSeasonLeague(seasonId, leagueId))),
    // A league no season uses any more, and no game remembers, goes too.
    rawStatement(
      db,
      sql`delete from ${leagues} where id = ${leagueId} and organization_id = ${orgId}
      and not exists (select 1 from ${seasonsLeagues} where league_id = ${leagueId})
      and not exists (select 1 from ${games} where league_id = ${leagueId})`,
    ),
  ])
  await runBatch(db, items)
}

/** Every season↔league link of the organization (GET /api/seasonsleagues). */
export async function listSeasonsLeagues(db: Db, orgId: number): Promise<SeasonsLeague[]> {
  const rows = await db
    .select({
      id: seasonsLeagues.id,
      leagueId: leagues.id,
      leagueName: leagues.name,
      seasonId: seasons.id,
      seasonName: seasons.name,
      active: seasons.active,
    })
    .from(seasonsLeagues)
    .innerJoin(leagues, eq(leagues.id, seasonsLeagues.leagueId))
    .innerJoin(seasons, eq(seasons.id, seasonsLeagues.seasonId))
    .where(eq(seasonsLeagues.organizationId, orgId))
    .orderBy(desc(seasons.startDate), asc(seasonsLeagues.position))
  return rows.map((r) => ({
    id: r.id,
    league: { id: r.leagueId, name: r.leagueName },
    season: { id: r.seasonId, name: r.seasonName, active: r.active },
  }))
}

export function listLeagues(db: Db, orgId: number) {
  return db
    .select({ id: leagues.id, name: leagues.name })
    .from(leagues)
    .where(eq(leagues.organizationId, orgId))
    .orderBy(asc(leagues.name))
}

/** The league as a row list (0 or 1), batchable (see sessionUserRows). */
export function leagueRows(db: Db, orgId: number, leagueId: number) {
  return rowInOrg(db, leagues, orgId, leagueId)
}

export function getLeague(db: Db, orgId: number, leagueId: number) {
  return db.query.leagues.findFirst({ where: and(eq(leagues.id, leagueId), eq(leagues.organizationId, orgId)) })
}

/** The seasons a league takes part in, with their dates and whether active (batchable). */
export function seasonsOfLeague(db: Db, orgId: number, leagueId: number) {
  return db
    .select({ id: seasons.id, startDate: seasons.startDate, finishDate: seasons.finishDate, active: seasons.active })
    .from(seasonsLeagues)
    .innerJoin(seasons, eq(seasons.id, seasonsLeagues.seasonId))
    .where(and(eq(seasonsLeagues.organizationId, orgId), eq(seasonsLeagues.leagueId, leagueId)))
}

/**
 * The season a league's admin page opens on (web/src/features/seasons/league-page.tsx): the active
 * one if the league plays in it, else its latest — the first of listSeasonsLeagues's order.
 */
export async function leagueCurrentSeasonId(db: Db, orgId: number, leagueId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ seasonId: seasonsLeagues.seasonId })
    .from(seasonsLeagues)
    .innerJoin(seasons, eq(seasons.id, seasonsLeagues.seasonId))
    .where(and(eq(seasonsLeagues.organizationId, orgId), eq(seasonsLeagues.leagueId, leagueId)))
    .orderBy(desc(seasons.active), desc(seasons.startDate), asc(seasonsLeagues.position))
    .limit(1)
  return row?.seasonId
}
