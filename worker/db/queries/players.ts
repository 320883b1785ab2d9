import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { PlayerChoices, PlayerDetail, Player as PlayerJson, RosterPlace } from '../../contract/players'
import { at, first } from '../../domain/at'
import { type Db, rawStatement, runBatch } from '../client'
import {
  leagues,
  playerAttributes,
  playerAttributeValues,
  playerGameStats,
  players,
  rosters,
  seasons,
  seasonsLeagues,
  seasonsLeaguesTeams,
  teams,
} from '../schema'
import { activeSeasonId } from './seasons'
import { aliased, mediaUrl, qualified, rowInOrg, seasonLeagueOfPlace } from './shared'

export type Player = typeof players.$inferSelect

export function getPlayer(db: Db, orgId: number, playerId: number) {
  return db.query.players.findFirst({ where: and(eq(players.id, playerId), eq(players.organizationId, orgId)) })
}

/** Every roster place of the given players: team, league, season and whether it is active. */
function rostersOf(db: Db, orgId: number, playerIds?: number[] | SQLWrapper) {
  return db
    .select({
      playerId: rosters.playerId,
      rosterId: aliased(rosters.id, 'roster_id'),
      sltId: rosters.seasonsLeagueTeamId,
      teamId: aliased(teams.id, 'team_id'),
      teamName: aliased(teams.name, 'team_name'),
      leagueId: aliased(leagues.id, 'league_id'),
      leagueName: aliased(leagues.name, 'league_name'),
      seasonId: aliased(seasons.id, 'season_id'),
      seasonName: aliased(seasons.name, 'season_name'),
      active: aliased(seasons.active, 'season_active'),
      startDate: seasons.startDate,
    })
    .from(rosters)
    .innerJoin(teams, eq(teams.id, rosters.teamId))
    .innerJoin(seasonsLeaguesTeams, eq(seasonsLeaguesTeams.id, rosters.seasonsLeagueTeamId))
    .innerJoin(seasonsLeagues, seasonLeagueOfPlace)
    .innerJoin(leagues, eq(leagues.id, seasonsLeagues.leagueId))
    .innerJoin(seasons, eq(seasons.id, seasonsLeagues.seasonId))
    .where(and(eq(rosters.organizationId, orgId), playerIds ? inArray(rosters.playerId, playerIds) : undefined))
    .orderBy(sql`${seasons.active} desc`, sql`${seasons.startDate} desc`, asc(rosters.id))
}

type RosterRow = Awaited<ReturnType<typeof rostersOf>>[number]

const rosterJson = (r: RosterRow): RosterPlace => ({
  id: r.rosterId,
  slt_id: r.sltId,
  team: { id: r.teamId, name: r.teamName },
  league: { id: r.leagueId, name: r.leagueName },
  season: { id: r.seasonId, name: r.seasonName, active: r.active },
  active: r.active,
})

/**
 * The player as docs/reference/public-site.md §3 and docs/reference/league-admin.md §3 name it; `team` is the current team (active season
 * first, else the latest), null when the player is on no roster.
 */
function playerJson(p: Player, places: RosterRow[], hiddenName?: string): PlayerJson {
  const current = places[0]
  // docs/members.md "Privacy": a public answer names a player who asked for it with a neutral word.
  const hide = hiddenName !== undefined && p.hideName
  return {
    version: p.version,
    id: p.id,
    firstName: hide ? hiddenName : p.firstName,
    lastName: hide ? '' : p.lastName,
    image: mediaUrl(p.imageKey),
    team: current ? { id: current.teamId, name: current.teamName } : null,
    rosters: places.map(rosterJson),
    // Staff (no neutral word given) see the real name and this mark beside it (docs/members.md "Privacy").
    ...(hiddenName === undefined && p.hideName ? { hideName: true } : {}),
  }
}

export interface PlayerListFilter {
  /** At least 2 characters: the start of a first name, a last name or the full name. */
  search?: string
  leagueId?: number
  teamId?: number
  limit: number
  /**
   * The public site: only players who have played somewhere, the league and team filters read the
   * active season, and with no filter and no search the list is the active season's players.
   * Otherwise (the dashboard) every player, and the filters read any season.
   */
  publicView: boolean
  /** Only players on a roster of this season (docs/decisions/2026-11-25-admin-paging.md). */
  seasonId?: number | SQL<number>
  /** Players of the ordered list before the page. */
  offset?: number
  /** Also count every player that matches (the pager's total): one more statement in the batch. */
  count?: boolean
  /** Public answers: the word standing for a hidden player's name (docs/members.md "Privacy"). */
  hiddenName?: string
}

/** SQLite's lower() folds ASCII only: fold the search the same way so both sides agree. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (ch) => ch.toLowerCase())

/**
 * Names starting with the search: first name, last name or "first last". The id subquery reads the
 * two lower(name) indexes by range (only the matching names: a union, since SQLite would fold an
 * OR of the two into one scan of the organization); a prefix comparison is the exact test — not
 * LIKE, whose patterns D1 limits to 50 bytes (a longer search answered 500).
 */
function nameStartsWith(orgId: number, search: string) {
  const term = asciiLower(search.trim().replace(/\s+/g, ' '))
  const first = sql`lower(${qualified(players, players.firstName)})`
  const last = sql`lower(${qualified(players, players.lastName)})`
  // U+10FFFF sorts after every character: [prefix, prefix + U+10FFFF) holds every text starting with it.
  const startsWith = (expr: SQL, prefix: string) =>
    sql`select ${qualified(players, players.id)} from ${players} where ${qualified(players, players.organizationId)} = ${orgId} and ${expr} >= ${prefix} and ${expr} < ${`${prefix}\u{10FFFF}`}`
  const startsWithTerm = (expr: SQL) => sql`substr(${expr}, 1, length(${term})) = ${term}`
  return and(
    // "john sm" starts a full name only if the first name starts with "john".
    sql`${qualified(players, players.id)} in (${startsWith(first, at(term.split(' '), 0))} union ${startsWith(last, term)})`,
    sql`(${startsWithTerm(first)} or ${startsWithTerm(last)} or ${startsWithTerm(sql`${first} || ' ' || ${last}`)})`,
  )
}

/** Ids of the players on a roster of the active season (public) or of any season (dashboard), in a league or team. */
function rosterPlayerIds(db: Db, orgId: number, filter: PlayerListFilter) {
  return db
    .select({ id: rosters.playerId })
    .from(rosters)
    .innerJoin(seasonsLeaguesTeams, eq(seasonsLeaguesTeams.id, rosters.seasonsLeagueTeamId))
    .innerJoin(seasonsLeagues, seasonLeagueOfPlace)
    .where(
      and(
        eq(rosters.organizationId, orgId),
        filter.seasonId
          ? eq(seasonsLeagues.seasonId, filter.seasonId)
          : filter.publicView
            ? eq(seasonsLeagues.seasonId, activeSeasonId(orgId))
            : undefined,
        filter.leagueId ? eq(seasonsLeagues.leagueId, filter.leagueId) : undefined,
        filter.teamId ? eq(rosters.teamId, filter.teamId) : undefined,
      ),
    )
}

/**
 * One page of players sorted by full name, each with their roster places, in one round trip
 * (docs/reference/performance.md: never the organization's whole history). `truncated` says more players match.
 */
export async function listPlayers(db: Db, orgId: number, filter: PlayerListFilter) {
  const bySeason = filter.leagueId || filter.teamId || filter.seasonId || (filter.publicView && !filter.search)
  const where = and(
    // Filtered, the matching ids lead (`+` keeps the planner off the organization's name index).
    filter.search || bySeason
      ? sql`+${qualified(players, players.organizationId)} = ${orgId}`
      : eq(players.organizationId, orgId),
    filter.search ? nameStartsWith(orgId, filter.search) : undefined,
    // A hidden name is never found by searching for it on the public site (docs/members.md "Privacy").
    filter.search && filter.hiddenName !== undefined ? eq(players.hideName, false) : undefined,
    bySeason ? inArray(players.id, rosterPlayerIds(db, orgId, filter)) : undefined,
    filter.publicView && !bySeason
      ? sql`exists (select 1 from ${rosters} where ${qualified(rosters, rosters.playerId)} = ${qualified(players, players.id)})`
      : undefined,
  )
  const page = db
    .select({ id: players.id })
    .from(players)
    .where(where)
    .orderBy(asc(players.firstName), asc(players.lastName), asc(players.id))
    .limit(filter.limit + 1)
    .offset(filter.offset ?? 0)
  const listed = db
    .select()
    .from(players)
    .where(inArray(players.id, page))
    .orderBy(asc(players.firstName), asc(players.lastName), asc(players.id))
  if (!filter.count) {
    const [list, places] = await db.batch([listed, rostersOf(db, orgId, page)])
    const byPlayer = Map.groupBy(places, (r) => r.playerId)
    return {
      players: list.slice(0, filter.limit).map((p) => playerJson(p, byPlayer.get(p.id) ?? [], filter.hiddenName)),
      truncated: list.length > filter.limit,
    }
  }
  // A counted page (docs/decisions/2026-11-25-admin-paging.md): the total, and for the dashboard
  // which of the page's players share their name with another player of the organization (docs/reference/league-admin.md
  // Admin player list: "shown in red bold with a warning mark"), whichever page that one is on.
  const [list, places, [counted], namesakes] = await db.batch([
    listed,
    rostersOf(db, orgId, page),
    db.select({ total: sql<number>`count(*)` }).from(players).where(where),
    db
      .select({ id: players.id })
      .from(players)
      .where(
        and(
          inArray(players.id, page),
          filter.publicView
            ? sql`0`
            : // The lower(first name) index, named: left to itself the planner walks the organization's
              // covering name index, every player for every player of the page without a namesake.
              sql`exists (select 1 from ${players} as namesake indexed by players_org_first_lower where namesake.organization_id = ${orgId} and lower(namesake.first_name) = lower(${qualified(players, players.firstName)}) and lower(namesake.last_name) = lower(${qualified(players, players.lastName)}) and namesake.id <> ${qualified(players, players.id)})`,
        ),
      ),
  ])
  const byPlayer = Map.groupBy(places, (r) => r.playerId)
  const shared = new Set(namesakes.map((n) => n.id))
  return {
    players: list.slice(0, filter.limit).map((p) => ({
      ...playerJson(p, byPlayer.get(p.id) ?? [], filter.hiddenName),
      ...(!filter.publicView && { duplicate: shared.has(p.id) }),
    })),
    truncated: list.length > filter.limit,
    total: counted?.total ?? 0,
  }
}

/**
 * docs/reference/public-site.md §2.8: the league and team choices of the public players page — the active season's,
 * or `seasonId`'s (a season published ahead, docs/published-seasons.md), sorted by name (a team playing
 * in two leagues is listed under each).
 */
export async function activeSeasonChoices(db: Db, orgId: number, seasonId?: number): Promise<PlayerChoices> {
  const rows = await db
    .select({
      leagueId: aliased(leagues.id, 'league_id'),
      leagueName: aliased(leagues.name, 'league_name'),
      teamId: aliased(teams.id, 'team_id'),
      teamName: aliased(teams.name, 'team_name'),
    })
    .from(seasonsLeagues)
    .innerJoin(leagues, eq(leagues.id, seasonsLeagues.leagueId))
    .leftJoin(seasonsLeaguesTeams, eq(seasonsLeaguesTeams.seasonsLeagueId, seasonsLeagues.id))
    .leftJoin(teams, eq(teams.id, seasonsLeaguesTeams.teamId))
    .where(and(eq(seasonsLeagues.organizationId, orgId), eq(seasonsLeagues.seasonId, seasonId ?? activeSeasonId(orgId))))
  const byName = (a: { id: number; name: string }, b: { id: number; name: string }) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id
  const leagueList = [...new Map(rows.map((r) => [r.leagueId, { id: r.leagueId, name: r.leagueName }])).values()]
  const teamList = rows.flatMap((r) =>
    r.teamId === null || r.teamName === null ? [] : [{ id: r.teamId, name: r.teamName, leagueId: r.leagueId }],
  )
  return { leagues: leagueList.sort(byName), teams: teamList.sort(byName) }
}

/** The player (0 or 1 row) as a batchable statement: relational findFirst crashes inside a batch when nothing matches. */
export function playerRow(db: Db, orgId: number, playerId: number) {
  return rowInOrg(db, players, orgId, playerId)
}

/**
 * The statements of one player's detail (row, roster places, attribute values visible or all), to
 * run in the caller's batch; `playerDetail` assembles their results.
 */
export function playerDetailQueries(db: Db, orgId: number, playerId: number, visibleOnly: boolean) {
  return [
    playerRow(db, orgId, playerId),
    rostersOf(db, orgId, [playerId]),
    db
      .select({
        id: aliased(playerAttributeValues.id, 'value_id'),
        value: playerAttributeValues.value,
        attributeId: aliased(playerAttributes.id, 'attribute_id'),
        attributeName: playerAttributes.attributeName,
        attributeType: playerAttributes.attributeType,
        order: playerAttributes.order,
        isVisible: playerAttributes.isVisible,
      })
      .from(playerAttributes)
      .leftJoin(
        playerAttributeValues,
        and(eq(playerAttributeValues.attributeId, playerAttributes.id), eq(playerAttributeValues.playerId, playerId)),
      )
      .where(and(eq(playerAttributes.organizationId, orgId), visibleOnly ? eq(playerAttributes.isVisible, true) : undefined))
      .orderBy(asc(playerAttributes.order), asc(playerAttributes.id)),
  ] as const
}

type AttributeRow = Awaited<ReturnType<typeof playerDetailQueries>[2]>[number]
type DetailResults = readonly [Player[], RosterRow[], AttributeRow[]]

/** One player with roster places, team history and attribute values; undefined when not found. */
export function playerDetail(
  [[player], places, values]: DetailResults,
  view: { staff: true } | { hiddenName: string } = { staff: true },
): PlayerDetail | undefined {
  if (!player) return undefined
  return {
    ...playerJson(player, places, 'hiddenName' in view ? view.hiddenName : undefined),
    // The private fields (docs/members.md "Accounts"), for staff only.
    ...('staff' in view && { email: player.email, hideName: player.hideName }),
    attributeValues: values.map((v) => ({
      id: v.id,
      value: v.value,
      attribute_id: v.attributeId,
      attribute: {
        id: v.attributeId,
        attribute_name: v.attributeName,
        attribute_type: v.attributeType,
        order: v.order,
        is_visible: v.isVisible,
      },
    })),
    teamHistory: places.map((r) => ({
      team: { id: r.teamId, name: r.teamName },
      league: { id: r.leagueId, name: r.leagueName },
      season: { id: r.seasonId, name: r.seasonName, active: r.active },
    })),
  }
}

/** One player with roster places, team history and attribute values (visible or all), in one round trip. */
export async function getPlayerDetail(
  db: Db,
  orgId: number,
  playerId: number,
  visibleOnly: boolean,
  view?: { staff: true } | { hiddenName: string },
) {
  return playerDetail(await db.batch(playerDetailQueries(db, orgId, playerId, visibleOnly)), view)
}

export async function createPlayer(
  db: Db,
  orgId: number,
  input: { firstName: string; lastName: string; imageKey?: string | null; email?: string | null; hideName?: boolean },
) {
  const rows = await db
    .insert(players)
    .values({ organizationId: orgId, ...input })
    .returning()
  return first(rows)
}

/** Creates a player straight onto a roster, in one batch. */
export async function createPlayerOnRoster(
  db: Db,
  orgId: number,
  input: { firstName: string; lastName: string; imageKey?: string | null },
  teamId: number,
  sltId: number,
) {
  const [created] = await db.batch([
    db
      .insert(players)
      .values({ organizationId: orgId, ...input })
      .returning(),
    rawStatement(
      db,
      sql`insert into ${rosters} (organization_id, player_id, team_id, seasons_league_team_id)
      values (${orgId}, (select max(id) from ${players} where organization_id = ${orgId}), ${teamId}, ${sltId})`,
    ),
  ])
  return first(created)
}

export async function addToRoster(db: Db, orgId: number, playerId: number, teamId: number, sltId: number) {
  const [row] = await db
    .insert(rosters)
    .values({ organizationId: orgId, playerId, teamId, seasonsLeagueTeamId: sltId })
    .onConflictDoNothing()
    .returning()
  return row
}

export async function removeFromRoster(db: Db, orgId: number, playerId: number, sltId: number) {
  const deleted = await db
    .delete(rosters)
    .where(and(eq(rosters.organizationId, orgId), eq(rosters.playerId, playerId), eq(rosters.seasonsLeagueTeamId, sltId)))
    .returning({ id: rosters.id })
  return deleted.length > 0
}

export async function updatePlayer(
  db: Db,
  orgId: number,
  playerId: number,
  changes: { firstName?: string; lastName?: string; imageKey?: string; email?: string | null; hideName?: boolean },
) {
  if (Object.keys(changes).length === 0) return
  await db
    .update(players)
    .set(changes)
    .where(and(eq(players.id, playerId), eq(players.organizationId, orgId)))
}

/** Sets attribute values (attribute id → value; empty clears) in one batch. */
export async function setAttributeValues(db: Db, orgId: number, playerId: number, values: Map<number, string | null>) {
  const items: BatchItem<'sqlite'>[] = []
  for (const [attributeId, value] of values) {
    items.push(
      db
        .insert(playerAttributeValues)
        .values({ organizationId: orgId, playerId, attributeId, value })
        .onConflictDoUpdate({ target: [playerAttributeValues.playerId, playerAttributeValues.attributeId], set: { value } }),
    )
  }
  await runBatch(db, items)
}

export async function attributesOf(db: Db, orgId: number) {
  return db.select().from(playerAttributes).where(eq(playerAttributes.organizationId, orgId))
}

/** Players among the ids that have recorded stats, with how many rows. */
export async function playersWithStats(db: Db, orgId: number, playerIds: number[]) {
  return db
    .select({ playerId: playerGameStats.playerId, n: sql<number>`count(*)` })
    .from(playerGameStats)
    .where(and(eq(playerGameStats.organizationId, orgId), inArray(playerGameStats.playerId, playerIds)))
    .groupBy(playerGameStats.playerId)
}

export async function deletePlayers(db: Db, orgId: number, playerIds: number[]) {
  const deleted = await db
    .delete(players)
    .where(and(eq(players.organizationId, orgId), inArray(players.id, playerIds)))
    .returning({ id: players.id, imageKey: players.imageKey })
  return deleted
}

export async function playersByIds(db: Db, orgId: number, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.organizationId, orgId), inArray(players.id, ids)))
}
