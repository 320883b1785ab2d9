// One playing night: which pairs play (a depth-first search over the night's slots in time
// order) and where (an exact assignment of the night's games to its slots).

import { add, at } from '../at.ts'
import { assign, BLOCKED } from './hungarian.ts'

export type Pair = [number, number]

export interface Night {
  /** Teams in the league (indexes 0..n-1). */
  n: number
  /** Slots of the night, early to late. */
  size: number
  /** Slot not taken by a played or locked game. */
  free: boolean[]
  /** [slot][team]: the slot is free, the team is available then and has no fixed game tonight. */
  canPlay: boolean[][]
  /** Order in which pairs are tried in a slot, lower first (stream position, then slot fairness). */
  preference: (a: number, b: number, p: number) => number
}

/** Whether team `t` can play in slot `p` of the night (both in range). */
export const canPlayAt = (night: Night, p: number, t: number) => at(at(night.canPlay, p), t)

export interface Fill {
  games: (Pair | null)[] | null
  /** The search gave up on its node budget before proving there is no way. */
  gaveUp: boolean
}

/**
 * Places `target` games in the free slots: a team plays at most twice, its two games in back-to-back
 * slots against different opponents, only in slots it can play. `degrees` (0, 1 or 2 games per
 * team) is the fairness plan to follow exactly; null lets any team play 0–2 games. Pairs are tried
 * in `preference` order: stream order first, so with nothing in the way a night plays the Berger
 * round as it stands.
 */
export function fillNight(night: Night, degrees: Int8Array | null, target: number, nodeLimit: number): Fill {
  const { n, size, free, preference } = night
  const can = (p: number, t: number) => canPlayAt(night, p, t)
  const freeSuffix = new Int32Array(size + 1)
  for (let p = size - 1; p >= 0; p--) freeSuffix[p] = at(freeSuffix, p + 1) + (free[p] ? 1 : 0)
  // canOne[t][p]: t can still play once from slot p on; canTwo: twice back to back.
  const canOne: Uint8Array[] = []
  const canTwo: Uint8Array[] = []
  for (let t = 0; t < n; t++) {
    const one = new Uint8Array(size + 1)
    const two = new Uint8Array(size + 1)
    for (let p = size - 1; p >= 0; p--) {
      one[p] = can(p, t) ? 1 : at(one, p + 1)
      two[p] = (p + 1 < size && can(p, t) && can(p + 1, t)) || two[p + 1] ? 1 : 0
    }
    canOne.push(one)
    canTwo.push(two)
  }
  const played = new Int8Array(n)
  const last = new Int32Array(n).fill(-9)
  const lastOpponent = new Int32Array(n).fill(-1)
  const left = degrees ? Int8Array.from(degrees) : null
  const games: (Pair | null)[] = new Array(size).fill(null)
  let nodes = 0

  const eligible = (t: number, p: number) => {
    if (!can(p, t)) return false
    if (played[t] === 1 ? last[t] !== p - 1 : played[t] !== 0) return false
    if (!left) return true
    if (left[t] === 0) return false
    return !(left[t] === 2 && played[t] === 0 && !(p + 1 < size && can(p + 1, t)))
  }

  const search = (p: number, placed: number): boolean => {
    if (placed === target) return true
    if (p >= size || nodes++ > nodeLimit) return false
    const toPlace = target - placed
    if (at(freeSuffix, p) < toPlace) return false
    let forced = -1
    if (left) {
      for (let t = 0; t < n; t++) {
        if (left[t] === 0) continue
        if (played[t] === 1) {
          // A double-header's second game comes right after the first.
          if (last[t] !== p - 1 || !can(p, t) || forced !== -1) return false
          forced = t
        } else if (left[t] === 1 ? !at(at(canOne, t), p) : !at(at(canTwo, t), p)) return false
      }
    } else {
      // Chains of k games need k + 1 teams; only one team can carry on from the last slot.
      let fresh = 0
      let carrying = 0
      for (let t = 0; t < n; t++) {
        if (played[t] === 0 && at(at(canOne, t), p)) fresh++
        else if (played[t] === 1 && last[t] === p - 1 && can(p, t)) carrying = 1
      }
      if (fresh + carrying < toPlace + 1) return false
    }
    if (!free[p]) return forced === -1 && search(p + 1, placed)

    const candidates: Pair[] = []
    if (forced !== -1) {
      for (let x = 0; x < n; x++) if (x !== forced && x !== lastOpponent[forced] && eligible(x, p)) candidates.push([forced, x])
    } else {
      const able: number[] = []
      for (let t = 0; t < n; t++) if (eligible(t, p)) able.push(t)
      for (const [i, a] of able.entries()) {
        for (let j = i + 1; j < able.length; j++) {
          const b = at(able, j)
          if (lastOpponent[a] !== b) candidates.push([a, b])
        }
      }
    }
    const ranks = candidates.map(([a, b]) => preference(a, b, p))
    const order = candidates.map((_, i) => i).sort((i, j) => at(ranks, i) - at(ranks, j))
    for (const i of order) {
      const [a, b] = at(candidates, i)
      const saved = [at(last, a), at(last, b), at(lastOpponent, a), at(lastOpponent, b)] as const
      add(played, a)
      add(played, b)
      last[a] = last[b] = p
      lastOpponent[a] = b
      lastOpponent[b] = a
      if (left) {
        add(left, a, -1)
        add(left, b, -1)
      }
      games[p] = [a, b]
      if (search(p + 1, placed + 1)) return true
      games[p] = null
      add(played, a, -1)
      add(played, b, -1)
      ;[last[a], last[b], lastOpponent[a], lastOpponent[b]] = saved
      if (left) {
        add(left, a)
        add(left, b)
      }
      if (nodes > nodeLimit) return false
    }
    // Leave the slot empty only when the night has more slots than games.
    return forced === -1 && at(freeSuffix, p) - 1 >= toPlace && search(p + 1, placed)
  }

  const found = search(0, 0)
  return { games: found ? games : null, gaveUp: !found && nodes > nodeLimit }
}

/**
 * The cheapest placement of a night's games in its free slots: each double-header chain (games
 * linked by a team playing twice) moves as a block, either way round; single games are assigned
 * exactly (Hungarian method) to the slots left. Starts from `games` as they are, never worse.
 */
export function arrangeNight(
  night: Night,
  games: (Pair | null)[],
  cost: (a: number, b: number, p: number) => number,
  leafBudget = 4000,
): { games: (Pair | null)[]; total: number } {
  const { size } = night
  const chains: Pair[][] = []
  let current: Pair[] | null = null
  for (let p = 0; p < size; p++) {
    const game = games[p]
    const before = p > 0 ? games[p - 1] : null
    if (!game) current = null
    else if (current && before && shareTeam(before, game)) current.push(game)
    else {
      current = [game]
      chains.push(current)
    }
  }
  const start = { games, total: games.reduce((sum, g, p) => sum + (g ? cellCost(night, cost, g, p) : 0), 0) }
  return placeChains(night, chains, cost, leafBudget, start) ?? start
}

/**
 * A night's games as its chains (paths of games linked by a team playing twice, in chain order),
 * or null when they cannot be played back to back: a team in three games, or a cycle.
 */
export function chainsOf(games: Pair[]): Pair[][] | null {
  const gamesOf = new Map<number, number[]>()
  games.forEach((g, i) => {
    for (const t of g) gamesOf.set(t, [...(gamesOf.get(t) ?? []), i])
  })
  for (const list of gamesOf.values()) if (list.length > 2) return null
  const seen = new Uint8Array(games.length)
  const chains: Pair[][] = []
  const neighbours = (i: number) => at(games, i).flatMap((t) => (gamesOf.get(t) ?? []).filter((j) => j !== i))
  for (let i = 0; i < games.length; i++) {
    if (seen[i] || neighbours(i).length === 2) continue
    // An end of a path: walk it.
    const chain: Pair[] = []
    let previous = -1
    for (let k = i; k !== -1; ) {
      seen[k] = 1
      chain.push(at(games, k))
      const next = neighbours(k).find((j) => j !== previous && !seen[j]) ?? -1
      previous = k
      k = next
    }
    chains.push(chain)
  }
  return seen.every(Boolean) ? chains : null
}

const cellCost = (night: Night, cost: (a: number, b: number, p: number) => number, pair: Pair, p: number) =>
  canPlayAt(night, p, pair[0]) && canPlayAt(night, p, pair[1]) ? cost(pair[0], pair[1], p) : BLOCKED

/**
 * The cheapest placement of chains in the night's free slots, each chain as a block either way
 * round (cheapest places first, up to `leafBudget` complete placements), single games assigned
 * exactly (Hungarian method) to the slots left; null when none is cheaper than `start` (or none
 * fits).
 */
export function placeChains(
  night: Night,
  chains: Pair[][],
  cost: (a: number, b: number, p: number) => number,
  leafBudget = 4000,
  start: { games: (Pair | null)[]; total: number } | null = null,
): { games: (Pair | null)[]; total: number } | null {
  const { size, free } = night
  const blocks = chains.filter((c) => c.length > 1).sort((a, b) => b.length - a.length)
  const singles = chains.filter((c) => c.length === 1).flat()
  let best = start ?? { games: [] as (Pair | null)[], total: BLOCKED }
  let found = false
  const used = new Uint8Array(size)
  const placed: (Pair | null)[] = new Array(size).fill(null)
  let leaves = 0

  const place = (i: number, subtotal: number) => {
    if (leaves > leafBudget) return
    if (i === blocks.length) {
      leaves++
      const columns: number[] = []
      for (let p = 0; p < size; p++) if (free[p] && !used[p]) columns.push(p)
      const result = assign(
        singles.map((g) => columns.map((p) => cellCost(night, cost, g, p))),
        columns.length,
      )
      if (!result || subtotal + result.total >= best.total) return
      const arranged = [...placed]
      singles.forEach((g, k) => {
        arranged[at(columns, at(result.columnOf, k))] = g
      })
      best = { games: arranged, total: subtotal + result.total }
      found = true
      return
    }
    // Where the block fits, cheapest first, so a small budget still sees the best places.
    const block = at(blocks, i)
    const options: { start: number; order: Pair[]; cost: number }[] = []
    for (let start = 0; start + block.length <= size; start++) {
      let open = true
      for (let k = 0; k < block.length; k++) if (!free[start + k] || used[start + k]) open = false
      if (!open) continue
      for (const reversed of [false, true]) {
        const order = reversed ? [...block].reverse() : block
        let blockCost = 0
        for (let k = 0; k < order.length && open; k++) {
          const [x, y] = at(order, k)
          if (!canPlayAt(night, start + k, x) || !canPlayAt(night, start + k, y)) open = false
          else blockCost += cost(x, y, start + k)
        }
        if (open) options.push({ start, order, cost: blockCost })
        open = true
      }
    }
    options.sort((x, y) => x.cost - y.cost)
    for (const { start, order, cost: blockCost } of options) {
      for (const [k, game] of order.entries()) {
        used[start + k] = 1
        placed[start + k] = game
      }
      place(i + 1, subtotal + blockCost)
      for (let k = 0; k < order.length; k++) {
        used[start + k] = 0
        placed[start + k] = null
      }
      if (leaves > leafBudget) return
    }
  }
  place(0, 0)
  return found ? best : null
}

export const shareTeam = (x: Pair, y: Pair) => x[0] === y[0] || x[0] === y[1] || x[1] === y[0] || x[1] === y[1]

/** Most games a night can hold: each run of free slots takes one back-to-back chain. */
export function capacity(teams: number, runs: number[]): number {
  let games = 0
  let spare = teams
  for (const run of [...runs].sort((a, b) => b - a)) {
    if (spare < 2) break
    const fit = Math.min(run, spare - 1)
    games += fit
    spare -= fit + 1
  }
  return games
}

export function freeRuns(free: boolean[]): number[] {
  const runs: number[] = []
  let run = 0
  for (const f of free) {
    if (f) run++
    else if (run) {
      runs.push(run)
      run = 0
    }
  }
  if (run) runs.push(run)
  return runs
}
