// What the player stats pieces show: GET /api/playersv2/{id}/basic and /stats.

export interface StatDefinition {
  id: number
  name: string
  abbreviation: string
  order: number
}

/** One game of a player's log (GET /api/playersv2/{id}/basic and /stats), derived values filled in. */
export interface GameLogEntry {
  game_id: number
  date: string | null
  time: string | null
  game_dateTime: string | null
  season: { id: number; name: string | null } | null
  team: { id: number; name: string }
  opponent: { id: number; name: string }
  home: boolean
  matchup: string
  /** "W 52-48" from the player's side; null before the game has a score. */
  result: string | null
  stats: Record<string, number>
}

export interface StatsSummary {
  gamesPlayed: number
  ppg: number
  ftPercentage: number
  threesPerGame: number
  total3PM: number
  efgPercentage: number
  tsPercentage: number
  averages: Record<string, number>
  totals: Record<string, number>
}

export interface SeasonStats extends StatsSummary {
  season: { id: number; name: string | null } | null
  games: GameLogEntry[]
}

/** A career or split line (worker/domain/career.ts): games played, totals, total ÷ games played. */
export interface SplitLine {
  key: string
  label: string
  gamesPlayed: number
  totals: Record<string, number>
  averages: Record<string, number>
}

export interface CareerHigh {
  abbreviation: string
  value: number
  games: { id: number; date: string | null; opponent: { id: number; name: string } }[]
}

export interface CareerAndSplits {
  career: SplitLine
  highs: CareerHigh[]
  splits: Record<'location' | 'result' | 'month' | 'opponent' | 'season', SplitLine[]>
}
