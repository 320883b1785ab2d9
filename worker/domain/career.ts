// A player's career and splits (docs/records.md): totals over every game with a box-score line,
// per-game averages as total ÷ games played (never an average of season averages), percentages
// from the summed made and attempted, career highs with their games, and the same figures split
// by home/away, result, calendar month, opponent and season. Pure: the stats page's route feeds it
// the game log it reads anyway, so the career costs no extra D1 statement.

import type { CareerAndSplits, CareerHigh, GameLogEntry, SplitLine } from '../contract/player-stats'
import { at } from './at'
import { averageLine, isPercentage, totalLine } from './derived-stats'

/** The part of a game-log entry the career needs (worker/db/queries/player-stats.ts gameLog). */
export type CareerGame = Pick<GameLogEntry, 'game_id' | 'date' | 'season' | 'team' | 'opponent' | 'home' | 'result' | 'stats'>

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

function line(key: string, label: string, games: CareerGame[], abbreviations: string[]): SplitLine {
  const lines = games.map((g) => g.stats)
  return {
    key,
    label,
    gamesPlayed: games.length,
    totals: totalLine(lines, abbreviations),
    averages: averageLine(lines, abbreviations),
  }
}

function splitBy(
  games: CareerGame[],
  abbreviations: string[],
  keyOf: (g: CareerGame) => { key: string; label: string; order: string | number } | null,
): SplitLine[] {
  const groups = new Map<string, { label: string; order: string | number; games: CareerGame[] }>()
  for (const g of games) {
    const k = keyOf(g)
    if (!k) continue
    const group = groups.get(k.key) ?? { label: k.label, order: k.order, games: [] }
    group.games.push(g)
    groups.set(k.key, group)
  }
  return [...groups.entries()]
    .sort(([, a], [, b]) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
    .map(([key, group]) => line(key, group.label, group.games, abbreviations))
}

/** The first letter of the result: W, L or T; null without a score. */
export const outcome = (g: Pick<CareerGame, 'result'>) => (g.result ? (g.result[0] as 'W' | 'L' | 'T') : null)

/** Career highs of every counting stat above zero, with every game that reached it. */
export function careerHighs(games: CareerGame[], abbreviations: string[]): CareerHigh[] {
  const highs: CareerHigh[] = []
  for (const abbreviation of abbreviations) {
    if (isPercentage(abbreviation)) continue
    let best = 0
    for (const g of games) best = Math.max(best, g.stats[abbreviation] ?? 0)
    if (best <= 0) continue
    const reached = games
      .filter((g) => (g.stats[abbreviation] ?? 0) === best)
      .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.game_id - b.game_id)
      .map((g) => ({ id: g.game_id, date: g.date, opponent: g.opponent }))
    highs.push({ abbreviation, value: best, games: reached })
  }
  return highs
}

/** The career line, highs and splits of a player's games (newest first or any order). */
export function careerAndSplits(games: CareerGame[], abbreviations: string[]): CareerAndSplits {
  // Newest season first: ordered by each season's latest game.
  const latest = new Map<number, string>()
  for (const g of games) {
    if (!g.season) continue
    const date = g.date ?? ''
    if (date >= (latest.get(g.season.id) ?? '')) latest.set(g.season.id, date)
  }
  return {
    career: line('career', 'Career', games, abbreviations),
    highs: careerHighs(games, abbreviations),
    splits: {
      location: splitBy(games, abbreviations, (g) =>
        g.home ? { key: 'home', label: 'Home', order: 0 } : { key: 'away', label: 'Away', order: 1 },
      ),
      result: splitBy(games, abbreviations, (g) => {
        const o = outcome(g)
        if (o === 'W') return { key: 'wins', label: 'Wins', order: 0 }
        if (o === 'L') return { key: 'losses', label: 'Losses', order: 1 }
        if (o === 'T') return { key: 'ties', label: 'Ties', order: 2 }
        return null
      }),
      month: splitBy(games, abbreviations, (g) => {
        const month = g.date ? Number(g.date.slice(5, 7)) : 0
        return month >= 1 && month <= 12 ? { key: String(month), label: at(MONTHS, month - 1), order: month } : null
      }),
      opponent: splitBy(games, abbreviations, (g) => ({
        key: String(g.opponent.id),
        label: g.opponent.name,
        order: g.opponent.name.toLowerCase(),
      })),
      season: splitBy(games, abbreviations, (g) =>
        g.season ? { key: String(g.season.id), label: g.season.name, order: `~${invert(latest.get(g.season.id) ?? '')}` } : null,
      ),
    },
  }
}

/** A date string that sorts in reverse: each digit d becomes 9 − d. */
const invert = (date: string) => date.replace(/[0-9]/g, (d) => String(9 - Number(d)))
