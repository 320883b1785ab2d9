// The short repair search for the slot spreads of 2 the local search leaves (slot-search.ts).

import { at } from '../at.ts'
import { addSlot, chainAt, chainsIntact, type League, type NightPlan, slotCount, type Tally } from './model.ts'
import { canPlayAt, type Pair } from './night.ts'
import { outsideAt } from './slot-terms.ts'

/**
 * The repair search below (bench-tuned): nodes it may visit, steps it keeps open at each level, its
 * depth, and how much worse than before a step may leave the season (counts outside the level).
 */
export const REPAIR_NODES = 8000
export const REPAIR_BEAM = 4
export const REPAIR_DEPTH = 8
export const REPAIR_SLACK = 8

/**
 * The last few slot spreads of 2 the annealing leaves are often a short cycle (team a one game too
 * many at 17:00 and one short at 20:00, team b one too many at 20:00 …) that only a sequence of
 * swaps, each worse on its own, can close. A depth-first search over swaps of two single games
 * (or a game and an empty slot) of one night, each step moving a team out of a slot where it is
 * above its group's level, the best few steps first, looks for a sequence that levels every slot;
 * the season is changed only when one is found. Returns the nodes visited (the work spent).
 */
export function repairSlots(league: League, nights: NightPlan[], tally: Tally, groupOf: Int32Array): number {
  const terms = () => {
    let sum = 0
    for (let g = 0; g < league.groups.length; g++)
      for (let time = 0; time < league.times.length; time++) sum += outsideAt(league, tally, g, time)
    return sum
  }
  const apply = (plan: NightPlan, next: (Pair | null)[]) => {
    for (let p = 0; p < next.length; p++) {
      if (next[p] === plan.games[p]) continue
      for (const t of plan.games[p] ?? []) addSlot(tally, t, at(plan.times, p), -1)
      for (const t of next[p] ?? []) addSlot(tally, t, at(plan.times, p), 1)
    }
    plan.games = next
  }
  const fits = (plan: NightPlan, next: (Pair | null)[]) =>
    next.every((g, p) => g === plan.games[p] || !g || (canPlayAt(plan.night, p, g[0]) && canPlayAt(plan.night, p, g[1])))
  const open = (plan: NightPlan, from: number, to: number) => {
    for (let k = from; k <= to; k++) if (!plan.night.free[k]) return false
    return true
  }
  /** The night's block holding slot p: its double-header chain, else the slot alone. */
  const block = (plan: NightPlan, p: number): [number, number] => (plan.games[p] ? (chainAt(plan.games, p) ?? [p, p]) : [p, p])
  let nodes = 0
  const search = (depth: number, outside: number, last: string): boolean => {
    if (outside === 0) return true
    if (depth === 0 || nodes > REPAIR_NODES) return false
    const options: { plan: NightPlan; next: (Pair | null)[]; key: string; after: number }[] = []
    const consider = (plan: NightPlan, next: (Pair | null)[], key: string) => {
      if (key === last || !fits(plan, next)) return
      nodes++
      const old = plan.games
      apply(plan, next)
      options.push({ plan, next, key, after: terms() })
      apply(plan, old)
    }
    for (const plan of nights) {
      const { games } = plan
      games.forEach((game, p) => {
        if (!game || !plan.night.free[p]) return
        // Only games of a team above its group's level in this slot move.
        const time = at(plan.times, p)
        const above = game.some((t) => {
          const members = at(league.groups, at(groupOf, t))
          let sum = 0
          for (const m of members) sum += slotCount(tally, m, time)
          return slotCount(tally, t, time) > Math.ceil(sum / members.length)
        })
        if (!above) return
        const [from, to] = block(plan, p)
        if (from !== to && from === p) {
          // Turn the double-header chain around.
          const next = [...games]
          for (let k = from; k <= to; k++) next[k] = at(games, to - (k - from))
          consider(plan, next, `${plan.week.index}|r${from}`)
        }
        if (from === to ? false : from !== p) return
        // Exchange the block with another block (or run of empty slots) of the same length.
        const length = to - from + 1
        for (let start = 0; start + length <= games.length; start++) {
          if (start + length > from && start <= to) continue
          if (!open(plan, start, start + length - 1)) continue
          const [bFrom, bTo] = block(plan, start)
          if (bFrom !== start || (games[start] && bTo !== start + length - 1)) continue
          if (!games[start] && games.slice(start, start + length).some((g, k) => g && block(plan, start + k)[0] !== start + k))
            continue
          const next = [...games]
          for (let k = 0; k < length; k++) {
            next[start + k] = at(games, from + k)
            next[from + k] = at(games, start + k)
          }
          if (!chainsIntact(next)) continue
          consider(plan, next, `${plan.week.index}|${Math.min(from, start)}|${Math.max(from, start)}`)
        }
      })
    }
    options.sort((x, y) => x.after - y.after)
    for (const { plan, next, key, after } of options.slice(0, REPAIR_BEAM)) {
      if (after > outside + REPAIR_SLACK) break
      const old = plan.games
      apply(plan, next)
      if (search(depth - 1, after, key)) return true
      apply(plan, old)
      if (nodes > REPAIR_NODES) return false
    }
    return false
  }
  search(REPAIR_DEPTH, terms(), '')
  return nodes
}
