// Proven lower bounds on the games, bye and double-header spreads that unavailability forces.
//
// For each playing night a team can play 0 games (no open slot), at most 1 (open slots, but no two
// back to back) or at most 2 (two open slots back to back). With the number of games each night
// holds taken from the schedule measured, any valid schedule gives every team a total that a flow
// through a team → night network can carry: a spread s is possible only if some band [lo, lo + s]
// admits such a flow. The network drops the rules it cannot express (who meets whom, slot order),
// so it is a relaxation: the smallest feasible s is a lower bound no schedule can beat.
//
// Example: 5 teams, 3 slots a night, two of them unavailable in the middle slot. Each night has one
// double-header (6 places, 5 teams) and those two teams can never take it, so over 4 nights three
// teams share 4 double-headers: the double-header spread is at least 2.

import { add, at } from '../at.ts'
import type { ScheduleInput } from './types.ts'

type GameLike = { weekIndex: number }

export interface SpreadBounds {
  games: number
  byes: number
  doubleHeaders: number
}

/** Per playing night: each team's most games (0, 1 or 2) and the games the night holds. */
function nightlyCapacity(input: ScheduleInput, games: GameLike[]) {
  const playing = input.weeks.filter((w) => !w.off)
  const held = new Map<number, number>()
  for (const g of games) held.set(g.weekIndex, (held.get(g.weekIndex) ?? 0) + 1)
  return playing.map((week) => {
    const slots = [...new Set(week.slots)].sort()
    const caps = input.teams.map((team) => {
      const open = slots.map((s) => !team.unavailableSlots.includes(s))
      if (!open.some(Boolean)) return 0
      return open.some((o, p) => o && open[p + 1]) ? 2 : 1
    })
    return { caps, games: held.get(week.index) ?? 0 }
  })
}

/** A night's teams able to play, those able to play twice, and its games. */
function placesOf(night: { caps: number[]; games: number }) {
  return {
    able: night.caps.filter((c) => c > 0).length,
    twice: night.caps.filter((c) => c === 2).length,
    g: night.games,
  }
}

// The generator measures every draw of one input, all with the same games a night: solve once
// (the key is the whole network, so an input changed in place is solved again).
const solved = new WeakMap<ScheduleInput, Map<string, SpreadBounds>>()

/** The smallest spread of the games, nights played and double-headers any valid schedule can reach. */
export function spreadBounds(input: ScheduleInput, games: GameLike[]): SpreadBounds {
  const nights = nightlyCapacity(input, games)
  const key = nights.map((night) => `${night.caps.join('')}:${night.games}`).join('|')
  const known = solved.get(input)?.get(key)
  if (known) return known
  const bounds = computeBounds(input, nights)
  const byInput = solved.get(input) ?? new Map<string, SpreadBounds>()
  byInput.set(key, bounds)
  solved.set(input, byInput)
  return bounds
}

function computeBounds(input: ScheduleInput, nights: ReturnType<typeof nightlyCapacity>): SpreadBounds {
  const n = input.teams.length
  if (n === 0 || nights.length === 0) return { games: 0, byes: 0, doubleHeaders: 0 }
  // Games: a team takes up to its capacity of the night's 2 × games places, which are all taken.
  const games_ = smallestSpread(
    n,
    nights.map((night) => ({ capOf: night.caps, min: 2 * night.games, max: 2 * night.games })),
  )
  // Nights played (byes are the playing nights minus these): g games need at least g + 1 teams
  // (a night's games are back-to-back chains, never a cycle) and, with only the teams able to play
  // twice taking a second game, at least 2g − (teams able to play twice) of them.
  const byes = smallestSpread(
    n,
    nights.map((night) => {
      const { able, twice, g } = placesOf(night)
      return {
        capOf: night.caps.map((c) => (c > 0 ? 1 : 0)),
        min: g === 0 ? 0 : Math.max(g + 1, 2 * g - twice),
        max: Math.min(2 * g, able),
      }
    }),
  )
  // Double-headers: 2g places among the able teams force 2g − able of them, only among the teams
  // with two back-to-back open slots; a night's chains hold at most g − 1.
  const doubleHeaders = smallestSpread(
    n,
    nights.map((night) => {
      const { able, twice, g } = placesOf(night)
      return {
        capOf: night.caps.map((c) => (c === 2 ? 1 : 0)),
        min: Math.max(0, 2 * g - able),
        max: Math.min(twice, Math.max(0, g - 1)),
      }
    }),
  )
  return { games: games_, byes, doubleHeaders }
}

interface Column {
  /** Most units each team may take here. */
  capOf: number[]
  /** Units the column needs in total, at least and at most. */
  min: number
  max: number
}

/**
 * The least s for which every team can take a total in [lo, lo + s] for some lo, each column's
 * total within [min, max]. 0 when the columns cannot be met at all (a schedule that breaks the
 * rules; then there is nothing to prove).
 */
function smallestSpread(n: number, columns: Column[]): number {
  const most = Array.from({ length: n }, (_, t) => columns.reduce((sum, col) => sum + at(col.capOf, t), 0))
  const needAtLeast = columns.reduce((sum, col) => sum + col.min, 0)
  const needAtMost = columns.reduce((sum, col) => sum + col.max, 0)
  const ceiling = Math.max(...most)
  if (!bandFits(n, columns, 0, ceiling)) return 0
  for (let s = 0; s < ceiling; s++) {
    // The teams' totals sum to between needAtLeast and needAtMost, each in [lo, lo + s].
    const from = Math.max(0, Math.ceil(needAtLeast / n) - s)
    const to = Math.min(Math.floor(needAtMost / n), Math.min(...most))
    for (let lo = from; lo <= to; lo++) if (bandFits(n, columns, lo, lo + s)) return s
  }
  return ceiling
}

/** Whether a flow gives every team a total in [lo, hi] and every column a total in [min, max]. */
function bandFits(n: number, columns: Column[], lo: number, hi: number): boolean {
  // Nodes: source 0, teams 1..n, columns n+1..n+m, sink n+m+1; lower bounds moved to demands.
  const m = columns.length
  const source = 0
  const sink = n + m + 1
  const graph = new FlowGraph(n + m + 4)
  const superSource = n + m + 2
  const superSink = n + m + 3
  const excess = new Int32Array(n + m + 2)
  const edge = (u: number, v: number, low: number, high: number) => {
    if (high < low) return false
    if (high > low) graph.add(u, v, high - low)
    add(excess, v, low)
    add(excess, u, -low)
    return true
  }
  for (let t = 0; t < n; t++) if (!edge(source, 1 + t, lo, hi)) return false
  for (const [c, col] of columns.entries()) {
    for (let t = 0; t < n; t++) {
      const cap = at(col.capOf, t)
      if (cap > 0) edge(1 + t, n + 1 + c, 0, cap)
    }
    if (!edge(n + 1 + c, sink, col.min, col.max)) return false
  }
  graph.add(sink, source, Number.MAX_SAFE_INTEGER)
  let demand = 0
  for (const [v, units] of excess.entries()) {
    if (units > 0) {
      graph.add(superSource, v, units)
      demand += units
    } else if (units < 0) graph.add(v, superSink, -units)
  }
  return graph.maxFlow(superSource, superSink) === demand
}

/** A small max-flow (Dinic's algorithm) over integer capacities. */
class FlowGraph {
  private to: number[] = []
  private cap: number[] = []
  private next: number[] = []
  private head: Int32Array
  private level: Int32Array
  private cursor: Int32Array

  constructor(size: number) {
    this.head = new Int32Array(size).fill(-1)
    this.level = new Int32Array(size)
    this.cursor = new Int32Array(size)
  }

  add(u: number, v: number, capacity: number) {
    for (const [a, b, c] of [
      [u, v, capacity],
      [v, u, 0],
    ] as const) {
      this.to.push(b)
      this.cap.push(c)
      this.next.push(at(this.head, a))
      this.head[a] = this.to.length - 1
    }
  }

  maxFlow(s: number, t: number): number {
    let flow = 0
    while (this.levels(s, t)) {
      this.cursor.set(this.head)
      for (let pushed = this.push(s, t, Number.MAX_SAFE_INTEGER); pushed > 0; pushed = this.push(s, t, Number.MAX_SAFE_INTEGER))
        flow += pushed
    }
    return flow
  }

  private levels(s: number, t: number): boolean {
    this.level.fill(-1)
    this.level[s] = 0
    const queue = [s]
    // The queue grows as it is read: `for…of` reads up to its current length at every step.
    for (const u of queue) {
      for (let e = at(this.head, u); e !== -1; e = at(this.next, e)) {
        const v = at(this.to, e)
        if (at(this.cap, e) > 0 && this.level[v] === -1) {
          this.level[v] = at(this.level, u) + 1
          queue.push(v)
        }
      }
    }
    return this.level[t] !== -1
  }

  private push(u: number, t: number, limit: number): number {
    if (u === t) return limit
    for (; this.cursor[u] !== -1; this.cursor[u] = at(this.next, at(this.cursor, u))) {
      const e = at(this.cursor, u)
      const v = at(this.to, e)
      if (at(this.cap, e) <= 0 || this.level[v] !== at(this.level, u) + 1) continue
      const pushed = this.push(v, t, Math.min(limit, at(this.cap, e)))
      if (pushed > 0) {
        add(this.cap, e, -pushed)
        add(this.cap, e ^ 1, pushed)
        return pushed
      }
    }
    return 0
  }
}
