import {
  averageLine,
  completeLine,
  effectiveFieldGoalPercentage,
  type StatLine,
  trueShootingPercentage,
} from '../../domain/derived-stats'
import type { Db } from '../client'
import { statRowsOfPlayer, teamNames } from './games'

/**
 * A player's game log: one entry per game with a box-score line (derived values filled in), the
 * matchup and result from the player's side, newest first.
 */
export async function gameLog(db: Db, orgId: number, playerId: number, abbreviations: string[], seasonId?: number) {
  const rows = await statRowsOfPlayer(db, orgId, playerId, seasonId)
  const byGame = Map.groupBy(rows, (r) => r.gameId)
  const names = await teamNames(db, orgId, [...new Set(rows.flatMap((r) => [r.team1Id, r.team2Id]))])
  return [...byGame.values()].map((group) => {
    const g = group[0]
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

export type GameLogEntry = Awaited<ReturnType<typeof gameLog>>[number]

/** Averages and shooting figures over a set of games (PPG, FT%, 3PM, eFG%, TS%). */
export function summarize(log: GameLogEntry[], abbreviations: string[]) {
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

/** Spec 02 player stats page: per season, GP and averages, newest season first. */
export function seasonBreakdown(log: GameLogEntry[], abbreviations: string[]) {
  const bySeason = Map.groupBy(log, (g) => g.season?.id ?? 0)
  return [...bySeason.values()].map((games) => ({
    season: games[0].season,
    ...summarize(games, abbreviations),
    games,
  }))
}
