// Moving meetings between two nights: alternating cycles of games exchanged so every team keeps its
// games on both nights (slot-search.ts's exchange move).

import { at } from '../at.ts'
import { assign, BLOCKED } from './hungarian.ts'
import { type League, type NightPlan, pairName, type Tally } from './model.ts'
import { canPlayAt, chainsOf, type Pair, placeChains } from './night.ts'
import type { Random } from './random.ts'
import { LEAVES } from './slot-search.ts'
import { slotCost } from './slot-terms.ts'

/** How often each pair meets over the season (kept games included), and the least and most. */
export function seasonMeetings(league: League, nights: NightPlan[]) {
  const count = new Map<string, number>()
  const add = (g: Pair) => count.set(pairName(g), (count.get(pairName(g)) ?? 0) + 1)
  for (const plan of nights) {
    for (const g of plan.games) if (g) add(g)
    for (const f of plan.fixtures) add([f.home, f.away])
  }
  let lo = Number.POSITIVE_INFINITY
  let hi = 0
  for (let a = 0; a < league.n; a++) {
    for (let b = a + 1; b < league.n; b++) {
      const c = count.get(pairName([a, b])) ?? 0
      lo = Math.min(lo, c)
      hi = Math.max(hi, c)
    }
  }
  return { count, lo, hi }
}

export interface Cycle {
  fromA: number[] // slots of night a's games that move to night b
  fromB: number[] // and of night b's games that move to night a
}

/**
 * A random alternating cycle between two nights: a game of night a, a game of night b sharing a
 * team with it, a game of night a sharing the next team, … back to the first team. Exchanging its
 * games keeps every team's number of games in both nights (so games, byes and double-headers) and
 * the season's meetings as they are.
 */
export function alternatingCycle(
  a: (Pair | null)[],
  b: (Pair | null)[],
  random: Random,
  from?: number,
  maxGames = 10,
): Cycle | null {
  const pick = (games: (Pair | null)[], team: number, used: number[]) => {
    const options: number[] = []
    games.forEach((g, p) => {
      if (g && (g[0] === team || g[1] === team) && !used.includes(p)) options.push(p)
    })
    return options.length ? at(options, Math.floor(random() * options.length)) : -1
  }
  const starts: number[] = []
  a.forEach((g, p) => {
    if (g) starts.push(p)
  })
  const p0 = from !== undefined && a[from] ? from : at(starts, Math.floor(random() * starts.length))
  const first = a[p0]!
  const side = random() < 0.5 ? 0 : 1
  const origin = first[side]
  let team = side === 0 ? first[1] : first[0]
  const cycle: Cycle = { fromA: [p0], fromB: [] }
  while (cycle.fromA.length <= maxGames) {
    const q = pick(b, team, cycle.fromB)
    if (q === -1) return null
    cycle.fromB.push(q)
    team = b[q]![0] === team ? b[q]![1] : b[q]![0]
    if (team === origin) return cycle
    const p = pick(a, team, cycle.fromA)
    if (p === -1) return null
    cycle.fromA.push(p)
    team = a[p]![0] === team ? a[p]![1] : a[p]![0]
  }
  return null
}

/**
 * Nights a and b with the cycle's games exchanged, each re-placed exactly against the season's
 * other nights (their games are out of the tally on entry; on success both new nights are in it).
 */
export function exchangeGames(
  league: League,
  a: NightPlan,
  b: NightPlan,
  cycle: Cycle,
  tally: Tally,
  move: (plan: NightPlan, games: (Pair | null)[], sign: number) => void,
): { a: (Pair | null)[]; b: (Pair | null)[] } | null {
  const gamesA = [
    ...a.games.filter((g, p): g is Pair => g !== null && !cycle.fromA.includes(p)),
    ...cycle.fromB.map((p) => b.games[p]!),
  ]
  const gamesB = [
    ...b.games.filter((g, p): g is Pair => g !== null && !cycle.fromB.includes(p)),
    ...cycle.fromA.map((p) => a.games[p]!),
  ]
  const distinct = (games: Pair[]) => new Set(games.map(pairName)).size === games.length
  if (!distinct(gamesA) || !distinct(gamesB)) return null
  const incomingA = cycle.fromB.map((p) => b.games[p]!)
  const incomingB = cycle.fromA.map((p) => a.games[p]!)
  const once = (games: Pair[], moved: Pair[]) => {
    const seen = new Set<number>()
    for (const g of games) for (const t of g) seen.add(t * 2 + (seen.has(t * 2) ? 1 : 0))
    return moved.every((g) => g.every((t) => !seen.has(t * 2 + 1)))
  }
  if (once(gamesA, incomingA) && once(gamesB, incomingB)) {
    // No double-header among the moved games: they take the slots the others left, exactly.
    const into = (plan: NightPlan, vacated: number[], incoming: Pair[]) => {
      const cost = slotCost(league, plan, tally)
      const result = assign(
        incoming.map((g) =>
          vacated.map((p) => (canPlayAt(plan.night, p, g[0]) && canPlayAt(plan.night, p, g[1]) ? cost(g[0], g[1], p) : BLOCKED)),
        ),
        vacated.length,
      )
      if (!result) return null
      const games = [...plan.games]
      incoming.forEach((g, k) => {
        games[at(vacated, at(result.columnOf, k))] = g
      })
      return games
    }
    const nextA = into(a, cycle.fromA, incomingA)
    if (!nextA) return null
    move(a, nextA, 1)
    const nextB = into(b, cycle.fromB, incomingB)
    if (!nextB) {
      move(a, nextA, -1)
      return null
    }
    move(b, nextB, 1)
    return { a: nextA, b: nextB }
  }
  const chainsA = chainsOf(gamesA)
  const chainsB = chainsOf(gamesB)
  if (!chainsA || !chainsB) return null
  const placedA = placeChains(a.night, chainsA, slotCost(league, a, tally), LEAVES)
  if (!placedA) return null
  move(a, placedA.games, 1)
  const placedB = placeChains(b.night, chainsB, slotCost(league, b, tally), LEAVES)
  if (!placedB) {
    move(a, placedA.games, -1)
    return null
  }
  move(b, placedB.games, 1)
  return { a: placedA.games, b: placedB.games }
}

/** The stream's home and away of the exchanged games go with them. */
export function moveSides(a: NightPlan, b: NightPlan, toB: Pair[], toA: Pair[]) {
  const fromA = toB.map((g) => a.sides.get(pairName(g)))
  const fromB = toA.map((g) => b.sides.get(pairName(g)))
  for (const g of toB) a.sides.delete(pairName(g))
  for (const g of toA) b.sides.delete(pairName(g))
  toB.forEach((g, i) => {
    const sides = fromA[i]
    if (sides) b.sides.set(pairName(g), sides)
  })
  toA.forEach((g, i) => {
    const sides = fromB[i]
    if (sides) a.sides.set(pairName(g), sides)
  })
}
