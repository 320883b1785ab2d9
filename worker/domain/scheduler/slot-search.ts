// The season's local search for the slot spread (index.ts describes the moves); generate.ts runs it
// after every night is solved.

import { at } from '../at.ts'
import { alternatingCycle, exchangeGames, moveSides, seasonMeetings } from './exchange.ts'
import { addSlot, chainAt, type League, type NightPlan, pairName, slotCount, type Tally } from './model.ts'
import { arrangeNight, canPlayAt, chainsOf, type Pair, placeChains, shareTeam } from './night.ts'
import type { Random } from './random.ts'
import { repairSlots } from './slot-repair.ts'
import { SPREAD_WEIGHT, slotCost, slotTerm } from './slot-terms.ts'

/** Leaves of the exact placement search tried per exchange or re-pairing move (cheapest first). */
export const LEAVES = 3

type Games = (Pair | null)[]
/** A game of a night, by its slot. */
type Spot = { plan: NightPlan; p: number }
type Meetings = ReturnType<typeof seasonMeetings>

/**
 * Local search over the season. First each night's placement is re-solved exactly against all the
 * other nights (kept when the season improves); then simulated annealing, its moves aimed at the
 * games of teams at the top or bottom of a slot whose spread is above 1 most of the time:
 * - within a night: swap the slots of two games (or a game and an empty slot), turn a double-header
 *   chain around, or swap a block with the next;
 * - exchange an alternating cycle of games between two nights (every team keeps its number of games
 *   on both nights, and the season its meetings), both nights re-placed exactly;
 * - re-pair two games of a night when the season's meeting counts stay within their range.
 * Keeps the best season seen; returns the moves tried (the work spent).
 */
export function improveSlots(league: League, nights: NightPlan[], tally: Tally, random: Random): number {
  const search = new SlotSearch(league, nights, tally, random)
  search.resolveNights()
  const movable = nights.filter((plan) => plan.night.free.filter(Boolean).length >= 2 && plan.games.some(Boolean))
  if (search.score <= 1e-9 || movable.length === 0) return nights.length
  const moves = search.anneal(movable)
  search.restoreBest()
  // The repair's nodes count as work one for one (a move counts once per slot of a night).
  const repaired = search.level() ? 0 : repairSlots(league, nights, tally, search.groupOf)
  return moves + Math.ceil(repaired / Math.max(1, ...nights.map((plan) => plan.night.size)))
}

/** The search's state: the season's slot tallies follow every move tried, and the best season seen. */
class SlotSearch {
  /** Each team's availability group. */
  readonly groupOf: Int32Array
  /** The season's slot unfairness now (the sum of slotTerm over groups and times). */
  score: number
  private best = 0
  private bestGames: Games[] = []
  private bestSides: Map<string, { home: number; away: number }>[] = []
  /** Every slot spread reached 1 or less: the search ends. */
  private reached = false
  /** Group-and-time keys a within-night move touches (group << 8 | time). */
  private readonly affected = new Set<number>()

  private readonly league: League
  private readonly nights: NightPlan[]
  private readonly tally: Tally
  private readonly random: Random

  // Plain fields, not parameter properties: scripts run this file with Node's type stripping.
  constructor(league: League, nights: NightPlan[], tally: Tally, random: Random) {
    this.league = league
    this.nights = nights
    this.tally = tally
    this.random = random
    this.groupOf = new Int32Array(league.n)
    league.groups.forEach((members, g) => {
      for (const t of members) this.groupOf[t] = g
    })
    this.score = this.total()
  }

  /** Counts a night's games into the slot tallies (sign 1) or out of them (sign -1). */
  readonly move = (plan: NightPlan, games: Games, sign: number) => {
    games.forEach((g, p) => {
      if (!g) return
      addSlot(this.tally, g[0], at(plan.times, p), sign)
      addSlot(this.tally, g[1], at(plan.times, p), sign)
    })
  }

  private total() {
    let sum = 0
    for (let g = 0; g < this.league.groups.length; g++)
      for (let time = 0; time < this.league.times.length; time++) sum += slotTerm(this.league, this.tally, g, time)
    return sum
  }

  /** Every slot spread within 1 (no term carries the spread weight). */
  level() {
    for (let g = 0; g < this.league.groups.length; g++) {
      for (let time = 0; time < this.league.times.length; time++)
        if (slotTerm(this.league, this.tally, g, time) >= SPREAD_WEIGHT) return false
    }
    return true
  }

  /** Each night placed again exactly against the rest of the season, for up to three rounds. */
  resolveNights() {
    for (let round = 0; round < 3 && this.score > 1e-9; round++) {
      const before = this.score
      for (const plan of this.nights) {
        this.move(plan, plan.games, -1)
        const arranged = arrangeNight(plan.night, plan.games, slotCost(this.league, plan, this.tally), 1500).games
        this.move(plan, arranged, 1)
        const next = this.total()
        if (next <= this.score + 1e-9) {
          this.score = next
          plan.games = arranged
        } else {
          this.move(plan, arranged, -1)
          this.move(plan, plan.games, 1)
        }
      }
      if (this.score >= before - 1e-9) break
    }
  }

  /** Simulated annealing over the three kinds of move; returns the moves tried. */
  anneal(movable: NightPlan[]): number {
    const { nights, random } = this
    this.best = this.score
    this.snapshot()
    const exchangeable = nights.filter((plan) => plan.games.some(Boolean))
    const meetings = seasonMeetings(this.league, nights)
    let hot: Spot[] = []
    const iterations = Math.min(20_000, 1600 * nights.reduce((sum, plan) => sum + plan.night.size, 0))
    // Hot enough early that a move costing a spread step above 1 is taken now and then (bench-tuned).
    const start = 3
    let moves = nights.length
    for (let it = 0; it < iterations && !this.reached; it++) {
      moves++
      // Every slot spread within 1 is the target: stop there rather than polish.
      if (it % 1000 === 0 && this.level()) {
        this.snapshot()
        break
      }
      const temperature = start * (1 - it / iterations) + 0.05
      if (it % 50 === 0) hot = this.hotGames(exchangeable)
      const focus = hot.length && random() < 0.7 ? hot[Math.floor(random() * hot.length)] : null
      const kind = random()
      if (kind < 0.2 && meetings.hi > meetings.lo) this.repair(focus, exchangeable, meetings, temperature)
      else if (exchangeable.length >= 2 && kind < 0.6) this.exchange(focus, exchangeable, temperature)
      else this.rearrange(focus, movable, temperature)
    }
    return moves
  }

  /** Puts the best season seen back into the nights and the tallies. */
  restoreBest() {
    this.nights.forEach((plan, i) => {
      this.move(plan, plan.games, -1)
      plan.games = at(this.bestGames, i)
      plan.sides = at(this.bestSides, i)
      this.move(plan, plan.games, 1)
    })
  }

  private snapshot() {
    this.bestGames = this.nights.map((n) => [...n.games])
    this.bestSides = this.nights.map((n) => new Map(n.sides))
  }

  /** A new best season is kept; one with every slot spread within 1 ends the search there. */
  private keepIfBest() {
    if (this.score >= this.best - 1e-9) return
    this.best = this.score
    this.snapshot()
    this.reached = this.level()
  }

  /** The annealing's acceptance: always when no worse, else with a chance falling with the temperature. */
  private accepts(delta: number, temperature: number) {
    return delta <= 0 || this.random() < Math.exp(-delta / temperature)
  }

  /**
   * Games worth moving: a team at the top of a slot whose spread is above 1 plays in it, or a team
   * at the bottom of one plays elsewhere on a night that has that slot.
   */
  private hotGames(exchangeable: NightPlan[]): Spot[] {
    const { league, tally } = this
    const hot: Spot[] = []
    const high = new Uint8Array(league.n * league.times.length)
    const low = new Uint8Array(league.n * league.times.length)
    let any = false
    league.groups.forEach((members, g) => {
      for (let time = 0; time < league.times.length; time++) {
        if (!at(at(league.groupTimes, g), time)) continue
        let max = Number.NEGATIVE_INFINITY
        let min = Number.POSITIVE_INFINITY
        for (const t of members) {
          max = Math.max(max, slotCount(tally, t, time))
          min = Math.min(min, slotCount(tally, t, time))
        }
        if (max - min <= 1) continue
        any = true
        for (const t of members) {
          if (slotCount(tally, t, time) === max) high[t * league.times.length + time] = 1
          if (slotCount(tally, t, time) === min) low[t * league.times.length + time] = 1
        }
      }
    })
    if (!any) return hot
    for (const plan of exchangeable) {
      plan.games.forEach((g, p) => {
        if (!g) return
        const here = at(plan.times, p)
        const wanted = g.some(
          (t) =>
            high[t * league.times.length + here] ||
            plan.times.some((time) => time !== here && low[t * league.times.length + time]),
        )
        if (wanted) hot.push({ plan, p })
      })
    }
    return hot
  }

  /** Re-pairs two games of a night (ab, cd → ac, bd) when the season's meetings stay as level. */
  private repair(focus: Spot | null | undefined, exchangeable: NightPlan[], meetings: Meetings, temperature: number) {
    const { random } = this
    const plan = focus?.plan ?? at(exchangeable, Math.floor(random() * exchangeable.length))
    const { games } = plan
    const p = focus?.p ?? Math.floor(random() * games.length)
    const q = Math.floor(random() * games.length)
    const [x, y] = [games[p], games[q]]
    if (!x || !y || p === q || shareTeam(x, y)) return
    const flip = random() < 0.5
    const added: Pair[] = [
      [x[0], flip ? y[0] : y[1]],
      [x[1], flip ? y[1] : y[0]],
    ]
    const count = (g: Pair) => meetings.count.get(pairName(g)) ?? 0
    if (added.some((g) => count(g) + 1 > meetings.hi) || [x, y].some((g) => count(g) - 1 < meetings.lo)) return
    const next = [...games.filter((g, k): g is Pair => g !== null && k !== p && k !== q), ...added]
    if (new Set(next.map(pairName)).size !== next.length) return
    const chains = chainsOf(next)
    if (!chains) return
    this.move(plan, games, -1)
    const placed = placeChains(plan.night, chains, slotCost(this.league, plan, this.tally), LEAVES)
    if (!placed) {
      this.move(plan, games, 1)
      return
    }
    this.move(plan, placed.games, 1)
    const after = this.total()
    if (this.accepts(after - this.score, temperature)) {
      plan.games = placed.games
      for (const g of [x, y]) {
        meetings.count.set(pairName(g), count(g) - 1)
        plan.sides.delete(pairName(g))
      }
      for (const g of added) meetings.count.set(pairName(g), count(g) + 1)
      this.score = after
      this.keepIfBest()
    } else {
      this.move(plan, placed.games, -1)
      this.move(plan, games, 1)
    }
  }

  /** Exchanges an alternating cycle of games between two nights, both re-placed exactly. */
  private exchange(focus: Spot | null | undefined, exchangeable: NightPlan[], temperature: number) {
    const { random } = this
    const a = focus?.plan ?? at(exchangeable, Math.floor(random() * exchangeable.length))
    const b = at(exchangeable, Math.floor(random() * exchangeable.length))
    if (a === b) return
    const cycle = alternatingCycle(a.games, b.games, random, focus?.p)
    if (!cycle) return
    const oldA = a.games
    const oldB = b.games
    this.move(a, oldA, -1)
    this.move(b, oldB, -1)
    const swapped = exchangeGames(this.league, a, b, cycle, this.tally, this.move)
    if (!swapped) {
      this.move(a, oldA, 1)
      this.move(b, oldB, 1)
      return
    }
    const next = this.total()
    if (this.accepts(next - this.score, temperature)) {
      a.games = swapped.a
      b.games = swapped.b
      moveSides(
        a,
        b,
        cycle.fromA.map((p) => oldA[p]!),
        cycle.fromB.map((p) => oldB[p]!),
      )
      this.score = next
      this.keepIfBest()
    } else {
      this.move(a, swapped.a, -1)
      this.move(b, swapped.b, -1)
      this.move(a, oldA, 1)
      this.move(b, oldB, 1)
    }
  }

  /**
   * Within one night: turns a double-header chain around, swaps a block (a chain, a game or an empty
   * slot) with the block right after it, or swaps the slots of two single games (or a game and an
   * empty slot). Only the groups and times the move touches are scored again.
   */
  private rearrange(focus: Spot | null | undefined, movable: NightPlan[], temperature: number) {
    const { random, affected } = this
    const plan = focus?.plan ?? at(movable, Math.floor(random() * movable.length))
    const { night, games } = plan
    const next = [...games]
    affected.clear()
    const p = focus?.p ?? Math.floor(random() * night.size)
    const chain = chainAt(games, p)
    const kind = random()
    if (chain && kind < 0.3) {
      // Turn the double-header chain around in place.
      const [from, to] = chain
      for (let k = from; k <= to; k++) next[k] = at(games, to - (k - from))
    } else if (kind < 0.6) {
      // Swap a block (a chain, a game or an empty slot) with the block right after it.
      const [from, mid] = chain ?? [p, p]
      if (mid + 1 >= night.size) return
      const [, to] = chainAt(games, mid + 1) ?? [mid + 1, mid + 1]
      let open = true
      for (let k = from; k <= to; k++) if (!night.free[k]) open = false
      if (!open || (!games[from] && !games[to])) return
      const moved = [...games.slice(mid + 1, to + 1), ...games.slice(from, mid + 1)]
      for (const [k, game] of moved.entries()) next[from + k] = game
    } else {
      const q = Math.floor(random() * night.size)
      const [x, y] = [at(games, p), at(games, q)]
      if (p === q || !night.free[p] || !night.free[q] || (!x && !y) || chain || chainAt(games, q)) return
      next[p] = y
      next[q] = x
    }
    let open = true
    for (let k = 0; k < night.size; k++) {
      if (next[k] === games[k]) continue
      const g = next[k]
      if (g && (!canPlayAt(night, k, g[0]) || !canPlayAt(night, k, g[1]))) open = false
      this.touch(plan, g, k)
      this.touch(plan, games[k], k)
    }
    if (!open) return
    const old = this.affectedTerms()
    this.move(plan, games, -1)
    this.move(plan, next, 1)
    const delta = this.affectedTerms() - old
    if (this.accepts(delta, temperature)) {
      plan.games = next
      this.score += delta
      this.keepIfBest()
    } else {
      this.move(plan, next, -1)
      this.move(plan, games, 1)
    }
  }

  private touch(plan: NightPlan, g: Pair | null | undefined, p: number) {
    if (!g) return
    for (const t of g) this.affected.add((at(this.groupOf, t) << 8) | at(plan.times, p))
  }

  private affectedTerms() {
    let sum = 0
    for (const key of this.affected) sum += slotTerm(this.league, this.tally, key >> 8, key & 255)
    return sum
  }
}
