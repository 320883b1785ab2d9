import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { GameLogEntry, SeasonStats, StatsSummary } from '../../contract/player-stats'
import { first } from '../../domain/at'
import {
  averageLine,
  completeLine,
  effectiveFieldGoalPercentage,
  type StatLine,
  trueShootingPercentage,
} from '../../domain/derived-stats'
import type { Db } from '../client'
import { games, organizationSports, playerGameStats, seasons, sports, teams } from '../schema'
import { statRowsOfPlayer } from './games'
import { activeSeasonId } from './seasons'

/** The player's box-score rows (newest game first), with the active season's or every season's games. */
export function gameLogRows(db: Db, orgId: number, playerId: number, seasonId?: number | SQL<number>) {
  return statRowsOfPlayer(db, orgId, playerId, seasonId)
}

/**
 * Names of both teams of each of the player's games (of one season, or all), as one batchable
 * statement: the player's box-score rows are read once for their game ids.
 */
export function gameLogTeams(db: Db, orgId: number, playerId: number, seasonId?: number | SQL<number>) {
  const gamesOfPlayer = db
    .select({ id: playerGameStats.gameId })
    .from(playerGameStats)
    .where(and(eq(playerGameStats.organizationId, orgId), eq(playerGameStats.playerId, playerId)))
  return db
    .selectDistinct({ id: teams.id, name: teams.name })
    .from(games)
    .innerJoin(teams, or(eq(teams.id, games.team1Id), eq(teams.id, games.team2Id)))
    .where(and(inArray(games.id, gamesOfPlayer), seasonId ? eq(games.seasonId, seasonId) : undefined))
}

type GameLogRow = Awaited<ReturnType<typeof gameLogRows>>[number]

/**
 * A player's game log: one entry per game with a box-score line (derived values filled in), the
 * matchup and result from the player's side, newest first.
 */
export function gameLog(rows: GameLogRow[], teamRows: { id: number; name: string }[], abbreviations: string[]): GameLogEntry[] {
  const byGame = Map.groupBy(rows, (r) => r.gameId)
  const names = new Map(teamRows.map((t) => [t.id, t.name]))
  return [...byGame.values()].map((group) => {
    const g = first(group)
    const home = g.teamId === g.team1Id
    const line: StatLine = {}
    for (const r of group) line[r.abbreviation] = r.value
    const [own, their] = home ? [g.scoreTeam1, g.scoreTeam2] : [g.scoreTeam2, g.scoreTeam1]
    const opponentId = home ? g.team2Id : g.team1Id
    return {
      game_id: g.gameId,
      date: g.date,
      time: g.time,
      game_dateTime: g.gameDateTime,
      season: g.seasonId ? { id: g.seasonId, name: g.seasonName } : null,
      team: { id: g.teamId, name: names.get(g.teamId) ?? '' },
      opponent: { id: opponentId, name: names.get(opponentId) ?? '' },
      home,
      matchup: `${names.get(g.team1Id) ?? ''} vs ${names.get(g.team2Id) ?? ''}`,
      result: own === 0 && their === 0 ? null : `${own > their ? 'W' : own < their ? 'L' : 'T'} ${own}-${their}`,
      stats: completeLine(line, abbreviations),
    }
  })
}

/** Averages and shooting figures over a set of games (PPG, FT%, 3PM, eFG%, TS%). */
export function summarize(log: GameLogEntry[], abbreviations: string[]): StatsSummary {
  const lines = log.map((g) => g.stats)
  const averages = averageLine(lines, abbreviations)
  const totals = Object.fromEntries(
    Object.keys(averages).map((a) => [a, lines.reduce((sum, l) => sum + (a.endsWith('%') ? 0 : (l[a] ?? 0)), 0)]),
  )
  const total = completeLine(totals, abbreviations)
  return {
    gamesPlayed: log.length,
    averages,
    totals: total,
    ppg: averages.PTS ?? 0,
    ftPercentage: total['FT%'] ?? 0,
    threesPerGame: averages['3PM'] ?? 0,
    total3PM: total['3PM'] ?? 0,
    efgPercentage: effectiveFieldGoalPercentage(total),
    tsPercentage: trueShootingPercentage(total),
  }
}

/** docs/reference/league-admin.md player stats page: per season, GP and averages, newest season first. */
export function seasonBreakdown(log: GameLogEntry[], abbreviations: string[]): SeasonStats[] {
  const bySeason = Map.groupBy(log, (g) => g.season?.id ?? 0)
  return [...bySeason.values()].map((games) => ({
    season: first(games).season,
    ...summarize(games, abbreviations),
    games,
  }))
}

/**
 * The sport whose stats a player's pages show, as a subquery: the active season's, else the
 * organization's first by name, else none (-1).
 */
export const pagesSportId = (orgId: number) =>
  sql<number>`coalesce((select ${seasons.sportId} from ${seasons} where ${seasons.id} = ${activeSeasonId(orgId)}), (select ${sports.id} from ${organizationSports} join ${sports} on ${sports.id} = ${organizationSports.sportId} where ${organizationSports.organizationId} = ${orgId} order by ${sports.name} limit 1), -1)`
