// The generator's working model of a season (generate.ts): the league as numbered teams, each
// night's plan, and the running tallies the fairness measures read.

import { add, at } from '../at.ts'
import type { Translation } from '../i18n.ts'
import { type Night, type Pair, shareTeam } from './night.ts'
import type { FixedGame, ScheduleTeam, ScheduleWeek } from './types.ts'

export interface League {
  teams: ScheduleTeam[] // index = the team's number in the Berger table
  n: number
  times: string[] // every slot time of the season, early to late
  available: boolean[][] // [team][time]
  groups: number[][] // teams sharing the same available times
  groupTimes: boolean[][] // [group][time]
}

export interface Fixture {
  week: ScheduleWeek
  home: number
  away: number
  game: FixedGame
}

export interface NightPlan {
  week: ScheduleWeek
  ordinal: number // among playing weeks
  times: number[] // time index of each slot of the night
  fixtures: Fixture[]
  night: Night
  games: (Pair | null)[] // generated games by slot
  sides: Map<string, { home: number; away: number }> // pair → sides from the stream
  limit: NightTarget | null // generated games the night holds (nightTargets)
}

export interface NightTarget {
  /** Every slot the teams can fill. */
  full: number
  /** What the night holds: `full`, or fewer when extra double-headers would unbalance the season. */
  target: number
}

export interface Tally {
  games: Int32Array
  byes: Int32Array
  doubleHeaders: Int32Array
  lastBye: Int32Array // ordinal of the last playing week with a bye
  slots: Int32Array[] // [team][time]
}

/** Games team t has played at the season's time `time` (an index of `league.times`) so far. */
export const slotCount = (tally: Tally, t: number, time: number) => at(at(tally.slots, t), time)
export const addSlot = (tally: Tally, t: number, time: number, by: number) => add(at(tally.slots, t), time, by)

export interface Problem {
  kind: string
  teamIds: number[]
  dates: string[]
  slots: string[]
  detail: string
  /** `detail` as a catalog sentence with its values (worker/domain/scheduler/words.ts). */
  words: Translation
}

export const byNumber = (a: number, b: number) => a - b

/** A night's games still valid: no team in two games that are not back to back, nor in three. */
export function chainsIntact(games: (Pair | null)[]): boolean {
  const seen = new Map<number, number[]>()
  games.forEach((g, p) => {
    for (const t of g ?? []) seen.set(t, [...(seen.get(t) ?? []), p])
  })
  for (const slots of seen.values())
    if (slots.length > 2 || (slots.length === 2 && at(slots, 1) - at(slots, 0) !== 1)) return false
  return true
}

/** The slots [from, to] of the double-header chain holding slot p, or null for a single game. */
export function chainAt(games: (Pair | null)[], p: number): [number, number] | null {
  const g = games[p]
  if (!g) return null
  let from = p
  let to = p
  while (from > 0 && games[from - 1] && shareTeam(games[from - 1]!, games[from]!)) from--
  while (to + 1 < games.length && games[to + 1] && shareTeam(games[to + 1]!, games[to]!)) to++
  return from === to ? null : [from, to]
}

export const pairName = (g: Pair) => (g[0] < g[1] ? `${g[0]}|${g[1]}` : `${g[1]}|${g[0]}`)
