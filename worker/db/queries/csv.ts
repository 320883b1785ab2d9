// Reads and writes of the spreadsheet import and the CSV exports (docs/csv-import-export.md).
// An import reads everything it decides on in one batch, with a fingerprint of that state; its
// writes go out as one batch (a handful of INSERT … SELECT FROM json_each statements, whatever the
// number of rows), behind a write guard that aborts them if the fingerprint moved meanwhile.
import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { GamePlan, RosterPlan } from '../../domain/csv-import'
import { type Db, rawStatement } from '../client'
import {
  divisions,
  gamePeriods,
  games,
  organizations,
  playerAttributes,
  playerAttributeValues,
  playerGameStats,
  players,
  rosters,
  seasons,
  seasonsLeagues,
  seasonsLeaguesTeams,
  statDefinitions,
  teams,
} from '../schema'
import { listDivisions } from './divisions'
import { seasonLeagueRows, seasonRows } from './seasons'
import { aliased, qualified } from './shared'

/** The id of the league's link to the season, as SQL (so the reads need not wait for it). */
const seasonLeagueId = (orgId: number, seasonId: number, leagueId: number) =>
  sql<number>`(select ${seasonsLeagues.id} from ${seasonsLeagues} where ${seasonsLeagues.organizationId} = ${orgId} and ${seasonsLeagues.seasonId} = ${seasonId} and ${seasonsLeagues.leagueId} = ${leagueId})`

/** The teams in the league this season, in the league's order. */
function leagueTeamRows(db: Db, orgId: number, seasonId: number, leagueId: number) {
  return db
    .select({
      sltId: aliased(seasonsLeaguesTeams.id, 'slt_id'),
      teamId: aliased(teams.id, 'team_id'),
      name: teams.name,
      divisionId: seasonsLeaguesTeams.divisionId,
      captainId: teams.captainId,
      position: seasonsLeaguesTeams.position,
    })
    .from(seasonsLeaguesTeams)
    .innerJoin(teams, eq(teams.id, seasonsLeaguesTeams.teamId))
    .where(
      and(
        eq(seasonsLeaguesTeams.organizationId, orgId),
        eq(seasonsLeaguesTeams.seasonsLeagueId, seasonLeagueId(orgId, seasonId, leagueId)),
      ),
    )
    .orderBy(asc(seasonsLeaguesTeams.position), asc(seasonsLeaguesTeams.id))
}

/**
 * A digest of everything a roster import decides on: the league's link, its teams and rosters this
 * season, the season's divisions, and the organization's players and teams (a player or team made
 * or renamed anywhere may turn a "new" row into a match). Versions only grow, so any edit moves it.
 */
function rosterFingerprint(db: Db, orgId: number, seasonId: number, leagueId: number) {
  const sl = seasonLeagueId(orgId, seasonId, leagueId)
  return db
    .select({
      fp: sql<string>`(select count(*) from ${seasonsLeagues} where id = ${sl})
      || '|' || (select count(*) || '/' || coalesce(sum(s.id * 31 + s.team_id * 7 + coalesce(s.division_id, 0)), 0) || '/' || coalesce(sum(t.version), 0)
          from ${seasonsLeaguesTeams} s join ${teams} t on t.id = s.team_id where s.seasons_league_id = ${sl})
      || '|' || (select count(*) || '/' || coalesce(max(r.id), 0) || '/' || coalesce(sum(r.player_id), 0)
          from ${rosters} r join ${seasonsLeaguesTeams} s on s.id = r.seasons_league_team_id where s.seasons_league_id = ${sl})
      || '|' || (select count(*) || '/' || coalesce(max(id), 0) || '/' || coalesce(sum(version), 0) from ${players} where organization_id = ${orgId})
      || '|' || (select count(*) || '/' || coalesce(max(id), 0) || '/' || coalesce(sum(version), 0) from ${teams} where organization_id = ${orgId})
      || '|' || (select count(*) || '/' || coalesce(max(id), 0) || '/' || coalesce(sum(version), 0) from ${divisions}
          where organization_id = ${orgId} and season_id = ${seasonId})`.as('fp'),
    })
    .from(organizations)
    .where(eq(organizations.id, orgId))
}

/** The same for a games import: the league's link, its teams this season, and its games this season. */
function gameFingerprint(db: Db, orgId: number, seasonId: number, leagueId: number) {
  const sl = seasonLeagueId(orgId, seasonId, leagueId)
  return db
    .select({
      fp: sql<string>`(select count(*) from ${seasonsLeagues} where id = ${sl})
      || '|' || (select count(*) || '/' || coalesce(sum(s.id * 31 + s.team_id * 7), 0) || '/' || coalesce(sum(t.version), 0)
          from ${seasonsLeaguesTeams} s join ${teams} t on t.id = s.team_id where s.seasons_league_id = ${sl})
      || '|' || (select count(*) || '/' || coalesce(max(id), 0) || '/' || coalesce(sum(version), 0) from ${games}
          where organization_id = ${orgId} and season_id = ${seasonId} and league_id = ${leagueId})`.as('fp'),
    })
    .from(organizations)
    .where(eq(organizations.id, orgId))
}

export type Fingerprint = ReturnType<typeof rosterFingerprint>

/** The fingerprint query as SQL text and parameters, for a write guard (worker/db/guards.ts). */
export function fingerprintGuard(query: Fingerprint, expected: string) {
  const { sql: text, params } = query.toSQL()
  return { changed: `NOT EXISTS (SELECT 1 FROM (${text}) AS f WHERE f.fp = ?)`, params: [...params, expected] }
}

/** Everything a roster import decides on, in one round trip. */
export async function readRosterState(db: Db, orgId: number, seasonId: number, leagueId: number) {
  const sl = seasonLeagueId(orgId, seasonId, leagueId)
  const fingerprint = rosterFingerprint(db, orgId, seasonId, leagueId)
  const [[link], [season], leagueTeams, historyTeams, rosterRows, playerRows, divisionRows, attributes, values, [fp]] =
    await db.batch([
      seasonLeagueRows(db, orgId, seasonId, leagueId),
      seasonRows(db, orgId, seasonId),
      leagueTeamRows(db, orgId, seasonId, leagueId),
      // Teams this league had in other seasons (or filed under it), not in it this season: a name in
      // the paste that is one of these is that team coming back, its history kept.
      db
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(
          and(
            eq(teams.organizationId, orgId),
            or(
              eq(teams.leagueId, leagueId),
              sql`exists (select 1 from ${seasonsLeaguesTeams} x join ${seasonsLeagues} y on y.id = x.seasons_league_id where x.team_id = ${qualified(teams, teams.id)} and y.league_id = ${leagueId})`,
            ),
            sql`not exists (select 1 from ${seasonsLeaguesTeams} z where z.team_id = ${qualified(teams, teams.id)} and z.seasons_league_id = ${sl})`,
          ),
        )
        .orderBy(desc(teams.id)),
      db
        .select({ sltId: rosters.seasonsLeagueTeamId, playerId: rosters.playerId })
        .from(rosters)
        .innerJoin(seasonsLeaguesTeams, eq(seasonsLeaguesTeams.id, rosters.seasonsLeagueTeamId))
        .where(and(eq(rosters.organizationId, orgId), eq(seasonsLeaguesTeams.seasonsLeagueId, sl))),
      db
        .select({ id: players.id, firstName: players.firstName, lastName: players.lastName, email: players.email })
        .from(players)
        .where(eq(players.organizationId, orgId)),
      listDivisions(db, orgId, seasonId),
      attributeRows(db, orgId),
      db
        .select({
          playerId: playerAttributeValues.playerId,
          attributeId: playerAttributeValues.attributeId,
          value: playerAttributeValues.value,
        })
        .from(playerAttributeValues)
        .where(eq(playerAttributeValues.organizationId, orgId)),
      fingerprint,
    ])
  return {
    link,
    season,
    fingerprint,
    fp: fp?.fp ?? '',
    state: {
      attributes,
      values,
      leagueTeams: leagueTeams.map((t) => ({ teamId: t.teamId, sltId: t.sltId, name: t.name, divisionId: t.divisionId })),
      historyTeams,
      rosters: rosterRows,
      players: playerRows,
      divisions: divisionRows.map((d) => ({ id: d.id, name: d.name })),
    },
  }
}

/** The organization's player attributes in their order (Number, Position…). */
function attributeRows(db: Db, orgId: number) {
  return db
    .select({ id: playerAttributes.id, name: playerAttributes.attributeName, type: playerAttributes.attributeType })
    .from(playerAttributes)
    .where(eq(playerAttributes.organizationId, orgId))
    .orderBy(asc(playerAttributes.order), asc(playerAttributes.id))
}

/** The latest team of each of these players (to tell namesakes apart in a preview). */
export async function latestTeams(db: Db, orgId: number, playerIds: number[]) {
  if (playerIds.length === 0) return new Map<number, string>()
  const rows = await db
    .select({ playerId: rosters.playerId, team: teams.name })
    .from(rosters)
    .innerJoin(teams, eq(teams.id, rosters.teamId))
    .where(
      and(
        eq(rosters.organizationId, orgId),
        sql`${rosters.id} in (select max(id) from ${rosters} where organization_id = ${orgId} and player_id in (select value from json_each(${JSON.stringify(playerIds)})) group by player_id)`,
      ),
    )
  return new Map(rows.map((r) => [r.playerId, r.team]))
}

/** Everything a games import decides on, in one round trip. */
export async function readGameState(db: Db, orgId: number, seasonId: number, leagueId: number) {
  const fingerprint = gameFingerprint(db, orgId, seasonId, leagueId)
  const [[link], [season], leagueTeams, gameRows, [final], [fp]] = await db.batch([
    seasonLeagueRows(db, orgId, seasonId, leagueId),
    seasonRows(db, orgId, seasonId),
    leagueTeamRows(db, orgId, seasonId, leagueId),
    db
      .select({
        id: games.id,
        date: games.date,
        time: games.time,
        team1Id: games.team1Id,
        team2Id: games.team2Id,
        scoreTeam1: games.scoreTeam1,
        scoreTeam2: games.scoreTeam2,
        status: games.status,
        location: games.location,
      })
      .from(games)
      .where(and(eq(games.organizationId, orgId), eq(games.seasonId, seasonId), eq(games.leagueId, leagueId)))
      .orderBy(asc(games.id)),
    // The Final period keeps the final score too (as saving scores on the game page does).
    db
      .select({ id: gamePeriods.id })
      .from(gamePeriods)
      .where(
        and(
          eq(gamePeriods.organizationId, orgId),
          sql`${gamePeriods.sportId} = (select ${seasons.sportId} from ${seasons} where ${seasons.id} = ${seasonId})`,
          sql`lower(${gamePeriods.name}) = 'final'`,
        ),
      )
      .orderBy(asc(gamePeriods.id))
      .limit(1),
    fingerprint,
  ])
  return {
    link,
    season,
    fingerprint,
    fp: fp?.fp ?? '',
    finalPeriodId: final?.id ?? null,
    state: { leagueTeams: leagueTeams.map((t) => ({ teamId: t.teamId, name: t.name })), games: gameRows },
  }
}

type TeamRef = RosterPlan['places'][number]['team']
type PlayerRef = RosterPlan['rosterAdds'][number]['player']
const teamJson = (t: TeamRef) => ('id' in t ? { t: t.id } : { n: t.name })
const playerJson = (p: PlayerRef) => ('id' in p ? { p: p.id } : { f: p.firstName, l: p.lastName })

/**
 * The roster plan as one batch. New rows are found again by name inside the batch: a D1 batch is
 * one serial transaction, so the newest team (player) of that exact name is the one it just made.
 */
export function rosterWrites(db: Db, orgId: number, seasonId: number, leagueId: number, slId: number, plan: RosterPlan) {
  const items: BatchItem<'sqlite'>[] = []
  const json = (value: unknown) => JSON.stringify(value)
  const teamOf = (v: string) =>
    sql`coalesce(json_extract(${sql.raw(v)}, '$.t'), (select max(id) from ${teams} where organization_id = ${orgId} and name = json_extract(${sql.raw(v)}, '$.n')))`
  const divisionOf = (v: string) =>
    sql`(select max(id) from ${divisions} where organization_id = ${orgId} and season_id = ${seasonId} and name = ${sql.raw(v)})`
  if (plan.newDivisions.length > 0) {
    items.push(
      rawStatement(
        db,
        sql`insert into ${divisions} (organization_id, season_id, name, position)
        select ${orgId}, ${seasonId}, j.value, (select coalesce(max(position), 0) from ${divisions} where season_id = ${seasonId}) + j.key + 1
        from json_each(${json(plan.newDivisions)}) j`,
      ),
    )
  }
  if (plan.newTeams.length > 0) {
    items.push(
      rawStatement(
        db,
        sql`insert into ${teams} (organization_id, name, league_id) select ${orgId}, j.value, ${leagueId} from json_each(${json(plan.newTeams)}) j`,
      ),
    )
  }
  if (plan.places.length > 0) {
    const places = plan.places.map((p) => ({ ...teamJson(p.team), d: p.division }))
    items.push(
      rawStatement(
        db,
        sql`insert into ${seasonsLeaguesTeams} (organization_id, seasons_league_id, team_id, division_id, position)
        select ${orgId}, ${slId}, ${teamOf('j.value')}, ${divisionOf("json_extract(j.value, '$.d')")},
          (select coalesce(max(position), 0) from ${seasonsLeaguesTeams} where seasons_league_id = ${slId}) + j.key + 1
        from json_each(${json(places)}) j`,
      ),
    )
  }
  for (const change of plan.divisionChanges) {
    items.push(
      db
        .update(seasonsLeaguesTeams)
        .set({
          divisionId: sql`(select max(id) from ${divisions} where organization_id = ${orgId} and season_id = ${seasonId} and name = ${change.division})`,
        })
        .where(and(eq(seasonsLeaguesTeams.id, change.sltId), eq(seasonsLeaguesTeams.organizationId, orgId))),
    )
  }
  if (plan.newPlayers.length > 0) {
    items.push(
      rawStatement(
        db,
        sql`insert into ${players} (organization_id, first_name, last_name, email)
        select ${orgId}, json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]')
        from json_each(${json(plan.newPlayers.map((p) => [p.firstName, p.lastName, p.email ?? null]))}) j`,
      ),
    )
  }
  const playerOf = (v: string) =>
    sql`coalesce(json_extract(${sql.raw(v)}, '$.p'), (select max(id) from ${players} where organization_id = ${orgId} and first_name = json_extract(${sql.raw(v)}, '$.f') and last_name = json_extract(${sql.raw(v)}, '$.l')))`
  if (plan.rosterAdds.length > 0) {
    const adds = plan.rosterAdds.map((a) => ({ ...teamJson(a.team), ...playerJson(a.player) }))
    items.push(
      rawStatement(
        db,
        sql`insert into ${rosters} (organization_id, player_id, team_id, seasons_league_team_id)
        select ${orgId}, x.pid, x.tid, (select id from ${seasonsLeaguesTeams} where seasons_league_id = ${slId} and team_id = x.tid)
        from (select ${playerOf('j.value')} as pid, ${teamOf('j.value')} as tid from json_each(${json(adds)}) j) x
        where true
        on conflict do nothing`,
      ),
    )
  }
  const teamSql = (t: TeamRef) =>
    'id' in t ? sql`${t.id}` : sql`(select max(id) from ${teams} where organization_id = ${orgId} and name = ${t.name})`
  const playerSql = (p: PlayerRef) =>
    'id' in p
      ? sql`${p.id}`
      : sql`(select max(id) from ${players} where organization_id = ${orgId} and first_name = ${p.firstName} and last_name = ${p.lastName})`
  for (const captain of plan.captains) {
    items.push(
      rawStatement(
        db,
        sql`update ${teams} set captain_id = ${playerSql(captain.player)} where organization_id = ${orgId} and id = ${teamSql(captain.team)}`,
      ),
    )
  }
  if (plan.emails && plan.emails.length > 0) {
    // New addresses of existing players; the unique index (organization, e-mail) still guards a race.
    items.push(
      rawStatement(
        db,
        sql`update ${players} set email = (select json_extract(j.value, '$[1]') from json_each(${json(plan.emails.map((e) => [e.playerId, e.email]))}) j where json_extract(j.value, '$[0]') = ${players}.id)
        where organization_id = ${orgId} and id in (select json_extract(j.value, '$[0]') from json_each(${json(plan.emails.map((e) => [e.playerId, e.email]))}) j)`,
      ),
    )
  }
  if (plan.values.length > 0) {
    const values = plan.values.map((v) => ({ ...playerJson(v.player), a: v.attributeId, v: v.value }))
    items.push(
      rawStatement(
        db,
        sql`insert into ${playerAttributeValues} (organization_id, player_id, attribute_id, value)
        select ${orgId}, ${playerOf('j.value')}, json_extract(j.value, '$.a'), json_extract(j.value, '$.v')
        from json_each(${json(values)}) j
        where true
        on conflict (player_id, attribute_id) do update set value = excluded.value`,
      ),
    )
  }
  return items
}

/** The games plan as one batch: new games inserted, changed ones updated, Final period scores kept. */
export function gameWrites(
  db: Db,
  orgId: number,
  seasonId: number,
  leagueId: number,
  slId: number,
  plan: GamePlan,
  finalPeriodId: number | null,
  maxGameIdBefore: number,
  instant: (date: string | null, time: string | null) => string | null,
) {
  const items: BatchItem<'sqlite'>[] = []
  const row = (g: GamePlan['inserts'][number]) => ({
    d: g.date,
    t: g.time,
    i: instant(g.date, g.time),
    h: g.team1Id,
    a: g.team2Id,
    l: g.location,
    s: g.status,
    hs: g.scoreTeam1,
    as: g.scoreTeam2,
  })
  if (plan.inserts.length > 0) {
    items.push(
      rawStatement(
        db,
        sql`insert into ${games} (organization_id, season_id, league_id, seasons_league_id, team1_id, team2_id, date, time,
          game_date_time, location, status, score_team1, score_team2)
        select ${orgId}, ${seasonId}, ${leagueId}, ${slId}, json_extract(j.value, '$.h'), json_extract(j.value, '$.a'),
          json_extract(j.value, '$.d'), json_extract(j.value, '$.t'), json_extract(j.value, '$.i'), json_extract(j.value, '$.l'),
          json_extract(j.value, '$.s'), json_extract(j.value, '$.hs'), json_extract(j.value, '$.as')
        from json_each(${JSON.stringify(plan.inserts.map(row))}) j`,
      ),
    )
  }
  if (plan.updates.length > 0) {
    items.push(
      rawStatement(
        db,
        sql`update ${games} set time = json_extract(j.value, '$.t'), game_date_time = json_extract(j.value, '$.i'),
          location = json_extract(j.value, '$.l'), status = json_extract(j.value, '$.s'),
          score_team1 = json_extract(j.value, '$.hs'), score_team2 = json_extract(j.value, '$.as')
        from json_each(${JSON.stringify(plan.updates.map((u) => ({ ...row(u), id: u.id })))}) j
        where ${games}.id = json_extract(j.value, '$.id') and ${games}.organization_id = ${orgId}`,
      ),
    )
  }
  if (finalPeriodId !== null && (plan.inserts.length > 0 || plan.updates.length > 0)) {
    const touched = sql`(g.id > ${maxGameIdBefore} or g.id in (select value from json_each(${JSON.stringify(plan.updates.map((u) => u.id))})))`
    const scope = sql`g.organization_id = ${orgId} and g.season_id = ${seasonId} and g.league_id = ${leagueId} and ${touched} and (g.score_team1 > 0 or g.score_team2 > 0)`
    items.push(
      rawStatement(
        db,
        sql`insert into period_scores (organization_id, game_id, game_period_id, team_id, score)
        select ${orgId}, g.id, ${finalPeriodId}, g.team1_id, g.score_team1 from ${games} g where ${scope}
        union all
        select ${orgId}, g.id, ${finalPeriodId}, g.team2_id, g.score_team2 from ${games} g where ${scope}
        on conflict (game_id, game_period_id, team_id) do update set score = excluded.score`,
      ),
    )
  }
  return items
}

// ---- exports ---------------------------------------------------------------------------------

/** The league's teams this season with their players (in the league's order, players by name). */
export async function rosterExportRows(db: Db, orgId: number, seasonId: number, leagueId: number) {
  const sl = seasonLeagueId(orgId, seasonId, leagueId)
  const [season, link, leagueTeams, rosterRows, divisionRows, attributes, values] = await db.batch([
    seasonRows(db, orgId, seasonId),
    seasonLeagueRows(db, orgId, seasonId, leagueId),
    leagueTeamRows(db, orgId, seasonId, leagueId),
    db
      .select({
        sltId: rosters.seasonsLeagueTeamId,
        playerId: aliased(players.id, 'player_id'),
        firstName: players.firstName,
        lastName: players.lastName,
        email: players.email,
      })
      .from(rosters)
      .innerJoin(players, eq(players.id, rosters.playerId))
      .innerJoin(seasonsLeaguesTeams, eq(seasonsLeaguesTeams.id, rosters.seasonsLeagueTeamId))
      .where(and(eq(rosters.organizationId, orgId), eq(seasonsLeaguesTeams.seasonsLeagueId, sl)))
      .orderBy(asc(players.lastName), asc(players.firstName), asc(players.id)),
    listDivisions(db, orgId, seasonId),
    attributeRows(db, orgId),
    db
      .select({
        playerId: playerAttributeValues.playerId,
        attributeId: playerAttributeValues.attributeId,
        value: playerAttributeValues.value,
      })
      .from(playerAttributeValues)
      .where(
        and(
          eq(playerAttributeValues.organizationId, orgId),
          sql`${playerAttributeValues.playerId} in (select r.player_id from ${rosters} r join ${seasonsLeaguesTeams} s on s.id = r.seasons_league_team_id where s.seasons_league_id = ${sl})`,
        ),
      ),
  ])
  return { season, link, leagueTeams, rosterRows, divisions: divisionRows, attributes, values }
}

/** Every box-score row of the league's games this season, with who, which game and which stat. */
export function boxScoreRows(db: Db, orgId: number, seasonId: number, leagueId: number) {
  return db
    .select({
      gameId: aliased(games.id, 'game_id'),
      date: games.date,
      time: games.time,
      home: sql<string>`(select name from ${teams} where ${teams.id} = ${qualified(games, games.team1Id)})`.as('home_name'),
      away: sql<string>`(select name from ${teams} where ${teams.id} = ${qualified(games, games.team2Id)})`.as('away_name'),
      team: sql<string>`(select name from ${teams} where ${teams.id} = ${qualified(playerGameStats, playerGameStats.teamId)})`.as(
        'team_name',
      ),
      teamId: playerGameStats.teamId,
      playerId: playerGameStats.playerId,
      firstName: players.firstName,
      lastName: players.lastName,
      statId: playerGameStats.statId,
      value: playerGameStats.value,
    })
    .from(playerGameStats)
    .innerJoin(games, eq(games.id, playerGameStats.gameId))
    .innerJoin(players, eq(players.id, playerGameStats.playerId))
    .where(
      and(
        eq(playerGameStats.organizationId, orgId),
        eq(games.organizationId, orgId),
        eq(games.seasonId, seasonId),
        eq(games.leagueId, leagueId),
      ),
    )
    .orderBy(asc(games.date), asc(games.time), asc(games.id), asc(players.lastName), asc(players.firstName), asc(players.id))
}

/** The season's stat definitions for its sport, in the organization's order (visible ones only). */
export function seasonStats(db: Db, orgId: number, seasonId: number) {
  return db
    .select({ id: statDefinitions.id, abbreviation: statDefinitions.abbreviation })
    .from(statDefinitions)
    .where(
      and(
        eq(statDefinitions.organizationId, orgId),
        eq(statDefinitions.isVisible, true),
        sql`${statDefinitions.sportId} = (select ${seasons.sportId} from ${seasons} where ${seasons.id} = ${seasonId})`,
      ),
    )
    .orderBy(asc(statDefinitions.order), asc(statDefinitions.id))
}

/** Every player of the organization with their attribute values. */
export async function playerExportRows(db: Db, orgId: number) {
  const [playerRows, attributes, values] = await db.batch([
    db
      .select({ id: players.id, firstName: players.firstName, lastName: players.lastName, email: players.email })
      .from(players)
      .where(eq(players.organizationId, orgId))
      .orderBy(asc(players.lastName), asc(players.firstName), asc(players.id)),
    db
      .select({ id: playerAttributes.id, name: playerAttributes.attributeName })
      .from(playerAttributes)
      .where(eq(playerAttributes.organizationId, orgId))
      .orderBy(asc(playerAttributes.order), asc(playerAttributes.id)),
    db
      .select({
        playerId: playerAttributeValues.playerId,
        attributeId: playerAttributeValues.attributeId,
        value: playerAttributeValues.value,
      })
      .from(playerAttributeValues)
      .where(eq(playerAttributeValues.organizationId, orgId)),
  ])
  return { playerRows, attributes, values }
}
