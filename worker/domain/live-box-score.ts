// The live game's derived box score as rows of the organization's own stats (server side only, so
// the pages following a game do not download the box-score arithmetic): docs/live-scoring.md.
import { fieldGoalsAreDerived, isPercentage } from './derived-stats'
import { ACTION_INFO, canonicalStat, type DerivedGame } from './live-scoring'

const KNOWN_STATS = new Set(['PTS', ...Object.values(ACTION_INFO).flatMap((a) => a.stats)])

export interface StatDefinitionRef {
  id: number
  abbreviation: string
}

/**
 * The derived lines as rows of the organization's own stat definitions (player_game_stats): each
 * counting stat it keeps gets the derived value (0 when the events gave none); percentages are
 * never stored, FGM/FGA follow 2P and 3P (worker/domain/derived-stats.ts).
 */
export function boxScoreRows(game: DerivedGame, definitions: readonly StatDefinitionRef[]) {
  const abbreviations = definitions.map((d) => d.abbreviation)
  const derivedFieldGoals = fieldGoalsAreDerived(abbreviations)
  const rows: { playerId: number; teamId: number; statId: number; value: number }[] = []
  for (const line of game.lines) {
    for (const d of definitions) {
      if (isPercentage(d.abbreviation)) continue
      const canonical = canonicalStat(d.abbreviation)
      if (!KNOWN_STATS.has(canonical)) continue
      let value = line.stats[canonical] ?? 0
      if (derivedFieldGoals && canonical === 'FGM') value = (line.stats['2PM'] ?? 0) + (line.stats['3PM'] ?? 0)
      if (derivedFieldGoals && canonical === 'FGA') value = (line.stats['2PA'] ?? 0) + (line.stats['3PA'] ?? 0)
      rows.push({ playerId: line.playerId, teamId: line.teamId, statId: d.id, value })
    }
  }
  return rows
}
