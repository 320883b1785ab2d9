// What the player stats pieces show: GET /api/playersv2/{id}/basic and /stats (worker/contract/player-stats.ts).
export type {
  CareerAndSplits,
  CareerHigh,
  GameLogEntry,
  SeasonStats,
  SplitLine,
  StatDefinition,
  StatsSummary,
} from '../../../../worker/contract/player-stats'
