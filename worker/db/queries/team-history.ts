// A team's history (docs/records.md): every season it played with its record and finish in its
// league, its all-time head-to-head against each opponent, and its all-time leaders — one D1 batch.

import type { TeamHistory } from '../../contract/records'
import { at, first } from '../../domain/at'
import { isPercentage } from '../../domain/derived-stats'
import { type GameResult, type GameStatus, rankStandings, recordsFor } from '../../domain/standings'
import type { Db } from '../client'
import { rawShownNames } from './shown-names'

/** How many players each all-time leader list shows (ties at the last place included). */
export const TEAM_LEADERS = 5

export function teamHistoryStatements(
  db: Db,
  orgId: number,
  teamId: number,
  /** The public site's neutral word for a hidden name (worker/db/queries/shown-names.ts); staff: undefined. */
  hidden?: string,
) {
  const d1 = db.$client
  const org = Number(orgId)
  const team = Number(teamId)
  // The team's league seasons: where it was entered (seasons_leagues_teams).
  const places = `SELECT sl.season_id AS season_id, sl.league_id AS league_id FROM seasons_leagues_teams slt
    INNER JOIN seasons_leagues sl ON sl.id = slt.seasons_league_id WHERE slt.team_id = ${team} AND slt.organization_id = ${org}`
  return [
    d1.prepare('SELECT id, name FROM teams WHERE id = ? AND organization_id = ?').bind(team, org),
    d1
      .prepare(
        `SELECT sl.season_id AS season_id, s.name AS season_name, s.start_date AS start_date, sl.league_id AS league_id,
           l.name AS league_name, d.name AS division_name,
           (SELECT count(*) FROM seasons_leagues_teams x WHERE x.seasons_league_id = sl.id) AS teams
         FROM seasons_leagues_teams slt
         INNER JOIN seasons_leagues sl ON sl.id = slt.seasons_league_id
         INNER JOIN seasons s ON s.id = sl.season_id
         INNER JOIN leagues l ON l.id = sl.league_id
         LEFT JOIN divisions d ON d.id = slt.division_id
         WHERE slt.team_id = ? AND slt.organization_id = ?
         ORDER BY coalesce(s.start_date, '') DESC, s.id DESC, l.name`,
      )
      .bind(team, org),
    // Every game of those league seasons (for each season's finish), through the league-season index.
    d1
      .prepare(
        `SELECT g.id AS id, g.season_id AS season_id, g.league_id AS league_id, g.team1_id AS team1_id, g.team2_id AS team2_id,
           g.score_team1 AS score_team1, g.score_team2 AS score_team2, g.status AS status
         FROM (${places}) p CROSS JOIN games g INDEXED BY games_league_season ON g.league_id = p.league_id AND g.season_id = p.season_id
         WHERE +g.organization_id = ?`,
      )
      .bind(org),
    // The league seasons' teams (a team without a game yet still takes a place).
    d1
      .prepare(
        `SELECT sl.season_id AS season_id, sl.league_id AS league_id, slt.team_id AS team_id, t.name AS name
         FROM seasons_leagues sl INNER JOIN (${places}) p ON sl.season_id = p.season_id AND sl.league_id = p.league_id
         INNER JOIN seasons_leagues_teams slt ON slt.seasons_league_id = sl.id
         INNER JOIN teams t ON t.id = slt.team_id
         WHERE sl.organization_id = ?`,
      )
      .bind(org),
    // Every game of the team, for head-to-head (both team indexes; +organization_id keeps the
    // planner off the organization's index, as in worker/db/queries/shared.ts teamGamesOf).
    d1
      .prepare(
        `SELECT g.team1_id AS team1_id, g.team2_id AS team2_id, g.score_team1 AS score_team1, g.score_team2 AS score_team2,
           g.status AS status, o.id AS opponent_id, o.name AS opponent_name
         FROM games g INNER JOIN teams o ON o.id = CASE WHEN g.team1_id = ? THEN g.team2_id ELSE g.team1_id END
         WHERE +g.organization_id = ? AND (g.team1_id = ? OR g.team2_id = ?)`,
      )
      .bind(team, org, team, team),
    // All-time leaders: the team's season totals added up per stat and player, read by the
    // primary key (season, stat, league, team), never the organization's seasons' every team.
    d1
      .prepare(
        `SELECT t.stat_id AS stat_id, d.abbreviation AS abbreviation, d.name AS stat_name, d."order" AS stat_order, t.player_id AS player_id,
           ${rawShownNames(hidden)}, sum(t.total) AS total, sum(t.games) AS games
         FROM player_season_totals t
         INNER JOIN stat_definitions d ON d.id = t.stat_id
         INNER JOIN players p ON p.id = t.player_id
         WHERE t.season_id IN (SELECT season_id FROM (${places}))
           AND t.stat_id IN (SELECT id FROM stat_definitions WHERE organization_id = ${org} AND is_visible = 1)
           AND t.league_id IN (SELECT league_id FROM (${places}))
           AND t.team_id = ? AND +t.organization_id = ? AND d.is_visible = 1
         GROUP BY t.stat_id, t.player_id`,
      )
      .bind(team, org),
  ]
}

type Row = Record<string, unknown>

const result = (r: Row): GameResult => ({
  team1Id: Number(r.team1_id),
  team2Id: Number(r.team2_id),
  scoreTeam1: Number(r.score_team1),
  scoreTeam2: Number(r.score_team2),
  status: String(r.status) as GameStatus,
})

export function readTeamHistory(results: D1Result[], teamId: number): TeamHistory | null {
  const rows = (i: number) => (results[i]?.results ?? []) as Row[]
  const [team] = rows(0)
  if (!team) return null
  const key = (r: Row) => `${r.season_id}:${r.league_id}`
  const gamesOf = Map.groupBy(rows(2), key)
  const teamsOf = Map.groupBy(rows(3), key)

  const seasons = rows(1).map((place) => {
    const k = key(place)
    const entrants = teamsOf.get(k) ?? []
    const records = recordsFor(
      entrants.map((t) => Number(t.team_id)),
      (gamesOf.get(k) ?? []).map(result),
    )
    const ranked = rankStandings(
      entrants.map((t) => ({
        id: Number(t.team_id),
        name: String(t.name),
        ...(records.get(Number(t.team_id)) ?? { wins: 0, losses: 0 }),
      })),
    )
    const own = ranked.find((r) => r.id === teamId)
    return {
      season: {
        id: Number(place.season_id),
        name: String(place.season_name),
        startDate: (place.start_date as string | null) ?? null,
      },
      league: { id: Number(place.league_id), name: String(place.league_name) },
      division: (place.division_name as string | null) ?? null,
      wins: own?.wins ?? 0,
      losses: own?.losses ?? 0,
      winPercentage: own?.winPercentage ?? 0,
      // Place in the league's standings (docs/reference/league-admin.md §9 order), shared by teams level on the record.
      finish: own && own.wins + own.losses > 0 ? own.rank : null,
      teams: Number(place.teams),
    }
  })

  // Head-to-head: decided games only (the standings' rule), and points for and against.
  const opponents = new Map<
    number,
    { id: number; name: string; wins: number; losses: number; pointsFor: number; pointsAgainst: number; games: number }
  >()
  for (const r of rows(4)) {
    const g = result(r)
    const id = Number(r.opponent_id)
    const entry = opponents.get(id) ?? {
      id,
      name: String(r.opponent_name),
      wins: 0,
      losses: 0,
      pointsFor: 0,
      pointsAgainst: 0,
      games: 0,
    }
    opponents.set(id, entry)
    const records = recordsFor([teamId], [g]).get(teamId)
    if (!records || records.wins + records.losses === 0) continue
    const home = g.team1Id === teamId
    entry.games++
    entry.wins += records.wins
    entry.losses += records.losses
    entry.pointsFor += home ? g.scoreTeam1 : g.scoreTeam2
    entry.pointsAgainst += home ? g.scoreTeam2 : g.scoreTeam1
  }
  const headToHead = [...opponents.values()]
    .filter((o) => o.games > 0)
    .sort((a, b) => b.games - a.games || a.name.localeCompare(b.name) || a.id - b.id)

  // Leaders: counting stats only, top TEAM_LEADERS with ties at the last place.
  const byStat = Map.groupBy(
    rows(5).filter((r) => !isPercentage(String(r.abbreviation)) && Number(r.total) > 0),
    (r) => Number(r.stat_id),
  )
  const leaders = [...byStat.values()]
    .sort(
      (a, b) => Number(first(a).stat_order) - Number(first(b).stat_order) || Number(first(a).stat_id) - Number(first(b).stat_id),
    )
    .map((list) => {
      const sorted = [...list].sort(
        (a, b) =>
          Number(b.total) - Number(a.total) ||
          String(a.last_name).localeCompare(String(b.last_name)) ||
          Number(a.player_id) - Number(b.player_id),
      )
      const cutoff = Number(at(sorted, Math.min(TEAM_LEADERS, sorted.length) - 1).total)
      const kept = sorted.filter((r) => Number(r.total) >= cutoff)
      return {
        stat: {
          id: Number(first(list).stat_id),
          abbreviation: String(first(list).abbreviation),
          name: String(first(list).stat_name),
        },
        players: kept.map((r) => ({
          rank: 1 + kept.filter((o) => Number(o.total) > Number(r.total)).length,
          player: { id: Number(r.player_id), firstName: String(r.first_name), lastName: String(r.last_name) },
          total: Number(r.total),
          games: Number(r.games),
        })),
      }
    })

  const totals = seasons.reduce((sum, s) => ({ wins: sum.wins + s.wins, losses: sum.losses + s.losses }), { wins: 0, losses: 0 })
  return { team: { id: Number(team.id), name: String(team.name) }, allTime: totals, seasons, headToHead, leaders }
}
