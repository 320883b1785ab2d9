import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
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
import { aliased, mediaUrl } from './shared'

export type Player = typeof players.$inferSelect

export function getPlayer(db: Db, orgId: number, playerId: number) {
  return db.query.players.findFirst({ where: and(eq(players.id, playerId), eq(players.organizationId, orgId)) })
}

/** Every roster place of the given players: team, league, season and whether it is active. */
function rostersOf(db: Db, orgId: number, playerIds?: number[]) {
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
    .innerJoin(seasonsLeagues, eq(seasonsLeagues.id, seasonsLeaguesTeams.seasonsLeagueId))
    .innerJoin(leagues, eq(leagues.id, seasonsLeagues.leagueId))
    .innerJoin(seasons, eq(seasons.id, seasonsLeagues.seasonId))
    .where(and(eq(rosters.organizationId, orgId), playerIds ? inArray(rosters.playerId, playerIds) : undefined))
    .orderBy(sql`${seasons.active} desc`, sql`${seasons.startDate} desc`, asc(rosters.id))
}

type RosterRow = Awaited<ReturnType<typeof rostersOf>>[number]

const rosterJson = (r: RosterRow) => ({
  id: r.rosterId,
  slt_id: r.sltId,
  team: { id: r.teamId, name: r.teamName },
  league: { id: r.leagueId, name: r.leagueName },
  season: { id: r.seasonId, name: r.seasonName, active: r.active },
  active: r.active,
})

/**
 * The player as spec 01 §3 and spec 02 §3 name it; `team` is the current team (active season
 * first, else the latest), null when the player is on no roster.
 */
function playerJson(p: Player, places: RosterRow[]) {
  const current = places[0]
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    image: mediaUrl(p.imageKey),
    team: current ? { id: current.teamId, name: current.teamName } : null,
    rosters: places.map(rosterJson),
  }
}

/** Players sorted by full name, each with their roster places, in one round trip. */
export async function listPlayers(db: Db, orgId: number, filter: { activeOnly?: boolean } = {}) {
  const [all, places] = await db.batch([
    db
      .select()
      .from(players)
      .where(eq(players.organizationId, orgId))
      .orderBy(asc(players.firstName), asc(players.lastName), asc(players.id)),
    rostersOf(db, orgId),
  ])
  const byPlayer = Map.groupBy(places, (r) => r.playerId)
  const list = all.map((p) => playerJson(p, byPlayer.get(p.id) ?? []))
  return filter.activeOnly ? list.filter((p) => p.rosters.some((r) => r.active)) : list
}

/** One player with roster places, team history and attribute values (visible or all). */
export async function getPlayerDetail(db: Db, orgId: number, playerId: number, visibleOnly: boolean) {
  // One round trip: the player, their roster places and attribute values.
  const [[player], places, values] = await db.batch([
    db
      .select()
      .from(players)
      .where(and(eq(players.id, playerId), eq(players.organizationId, orgId)))
      .limit(1),
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
  ])
  if (!player) return undefined
  return {
    ...playerJson(player, places),
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

export async function createPlayer(
  db: Db,
  orgId: number,
  input: { firstName: string; lastName: string; imageKey?: string | null },
) {
  const [created] = await db
    .insert(players)
    .values({ organizationId: orgId, ...input })
    .returning()
  return created
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
  return created[0]
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
  changes: { firstName?: string; lastName?: string; imageKey?: string },
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
