// The words the wire uses for a game's status and a live event's action, without zod: the SPA runs
// them (through worker/domain/games.ts and worker/domain/live-scoring.ts, which re-export them)
// and the answer schemas of worker/contract/ name them, so both read the one list.

/** Decision: the game statuses (lower case on the wire); docs/reference/public-site.md §4 names only "scheduled". */
export const GAME_STATUSES = ['scheduled', 'completed', 'postponed', 'cancelled', 'forfeit'] as const

/** What a scorer can record about a player (spec: docs/live-scoring.md "Actions"). */
export const STAT_ACTIONS = [
  'two_made',
  'two_missed',
  'three_made',
  'three_missed',
  'ft_made',
  'ft_missed',
  'reb_off',
  'reb_def',
  'reb',
  'ast',
  'stl',
  'blk',
  'to',
  'foul',
] as const

/** Events about the game rather than a player: cancel an earlier event, move to a period, close the game. */
export const GAME_ACTIONS = ['undo', 'period', 'end'] as const
