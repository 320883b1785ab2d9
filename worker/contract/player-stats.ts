// Answers of a player's stats (docs/reference/league-admin.md player stats page, docs/records.md):
// the game log, the summary boxes, the season breakdown and the career with its splits.
import { z } from 'zod'
import { named, rowId } from './common'

/** A stat the pages show (the pages' sport's visible stats, in order). */
export const statDefinition = z.object({ id: rowId, name: z.string(), abbreviation: z.string(), order: z.number().int() })
export type StatDefinition = z.output<typeof statDefinition>

/** Stat abbreviation → value; percentages as ratios (0.456), 0 without attempts. */
export const statLine = z.record(z.string(), z.number())

/** One game of a player's log, derived values filled in. */
export const gameLogEntry = z.object({
  game_id: rowId,
  date: z.string().nullable(),
  time: z.string().nullable(),
  game_dateTime: z.string().nullable(),
  season: named.nullable(),
  team: named,
  opponent: named,
  /** The player's team was the home team. */
  home: z.boolean(),
  matchup: z.string(),
  /** "W 52-48" from the player's side; null before the game has a score. */
  result: z.string().nullable(),
  stats: statLine,
})
export type GameLogEntry = z.output<typeof gameLogEntry>

/** Averages and shooting figures over a set of games. */
export const statsSummary = z.object({
  gamesPlayed: z.number().int().nonnegative(),
  averages: statLine,
  totals: statLine,
  ppg: z.number(),
  ftPercentage: z.number(),
  threesPerGame: z.number(),
  total3PM: z.number(),
  efgPercentage: z.number(),
  tsPercentage: z.number(),
})
export type StatsSummary = z.output<typeof statsSummary>

/** One season of the breakdown: its summary and its games. */
export const seasonStats = statsSummary.extend({ season: gameLogEntry.shape.season, games: z.array(gameLogEntry) })
export type SeasonStats = z.output<typeof seasonStats>

/** A career or split line: games played, totals, total ÷ games played. */
export const splitLine = z.object({
  key: z.string(),
  label: z.string(),
  gamesPlayed: z.number().int().nonnegative(),
  totals: statLine,
  averages: statLine,
})
export type SplitLine = z.output<typeof splitLine>

/** A career high of a counting stat, with every game that reached it (oldest first). */
export const careerHigh = z.object({
  abbreviation: z.string(),
  value: z.number(),
  games: z.array(z.object({ id: rowId, date: z.string().nullable(), opponent: named })),
})
export type CareerHigh = z.output<typeof careerHigh>

const splits = z.array(splitLine)

/** The career line, its highs and its splits (docs/records.md). */
export const careerAndSplits = z.object({
  career: splitLine,
  highs: z.array(careerHigh),
  splits: z.object({ location: splits, result: splits, month: splits, opponent: splits, season: splits }),
})
export type CareerAndSplits = z.output<typeof careerAndSplits>

/** What both stats pages show: the visible stats, the game log and its summary. */
export const statsPageFields = z.object({
  allStats: z.array(statDefinition),
  gameStats: z.array(gameLogEntry),
  summary: statsSummary,
})
