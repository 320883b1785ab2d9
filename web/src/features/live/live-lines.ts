import type { StatLine } from '../../../../worker/domain/derived-stats'
import { canonicalStat, type DerivedGame } from '../../../../worker/domain/live-scoring'

/** The derived lines as the box-score table reads them: each shown stat of the organization by abbreviation. */
export function liveLines(game: DerivedGame, stats: { abbreviation: string }[]): Map<number, StatLine> {
  const lines = new Map<number, StatLine>()
  for (const line of game.lines) {
    const out: StatLine = {}
    for (const s of stats) out[s.abbreviation] = line.stats[canonicalStat(s.abbreviation)] ?? 0
    lines.set(line.playerId, out)
  }
  return lines
}
