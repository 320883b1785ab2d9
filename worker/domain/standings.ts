// Standings rules (docs/reference/league-admin.md §9): win percentage to three decimals, sorted by win percentage
// descending, then fewer losses, then more wins. Pure: shared by the server and the browser.
export type GameStatus = 'scheduled' | 'completed' | 'postponed' | 'cancelled' | 'forfeit'

export interface GameResult {
  team1Id: number
  team2Id: number
  scoreTeam1: number
  scoreTeam2: number
  status: GameStatus
}

export interface Record {
  wins: number
  losses: number
}

/**
 * A game counts once it is decided: completed or forfeit, or scored while still marked scheduled
 * (docs/reference/league-admin.md §4: completed means any score above 0). Postponed and cancelled games never count,
 * and a level score decides nothing.
 */
export function countsForStandings(game: GameResult): boolean {
  if (game.status === 'postponed' || game.status === 'cancelled') return false
  if (game.scoreTeam1 === game.scoreTeam2) return false
  return game.status === 'completed' || game.status === 'forfeit' || game.scoreTeam1 > 0 || game.scoreTeam2 > 0
}

export function recordsFor(teamIds: Iterable<number>, games: GameResult[]): Map<number, Record> {
  const records = new Map<number, Record>()
  for (const id of teamIds) records.set(id, { wins: 0, losses: 0 })
  for (const game of games) {
    if (!countsForStandings(game)) continue
    const [winner, loser] = game.scoreTeam1 > game.scoreTeam2 ? [game.team1Id, game.team2Id] : [game.team2Id, game.team1Id]
    const w = records.get(winner)
    const l = records.get(loser)
    if (w) w.wins++
    if (l) l.losses++
  }
  return records
}

/** Wins ÷ games, rounded to three decimals; 0 before any game. */
export function winPercentage({ wins, losses }: Record): number {
  const played = wins + losses
  return played === 0 ? 0 : Math.round((wins / played) * 1000) / 1000
}

/** Standings order; the name breaks the remaining ties so the order is stable. */
export function compareStandings<T extends Record & { name?: string }>(a: T, b: T): number {
  return (
    winPercentage(b) - winPercentage(a) || a.losses - b.losses || b.wins - a.wins || (a.name ?? '').localeCompare(b.name ?? '')
  )
}

/** Sorted copy with 1-based ranks; teams level on percentage, losses and wins share a rank. */
export function rankStandings<T extends Record & { name?: string }>(rows: T[]): (T & { rank: number; winPercentage: number })[] {
  const sorted = [...rows].sort(compareStandings)
  let rank = 0
  return sorted.map((row, i) => {
    const prev = sorted[i - 1]
    const level = prev && winPercentage(prev) === winPercentage(row) && prev.losses === row.losses && prev.wins === row.wins
    if (!level) rank = i + 1
    return { ...row, rank, winPercentage: winPercentage(row) }
  })
}
