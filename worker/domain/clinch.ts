// Clinched and eliminated, exactly (docs/playoffs.md "Clinched and eliminated"). Pure.
//
// Wins-based: a team's final standing is its wins once every remaining game is played (every team of
// a league plays the same number of games, so wins order the table as win percentage does).
// Tie assumption — the marks never depend on a tiebreaker:
//  - clinched: in EVERY completion of the remaining games, fewer than `spots` other teams finish with
//    as many wins or more (a tie counts against the team);
//  - eliminated: in EVERY completion, at least `spots` other teams finish with strictly more wins (a
//    tie would count for the team).
// Each question is decided exactly by max-flow over the remaining games, trying each set of teams
// that may pass (or must reach) the team.
import { at } from './at'

export interface ClinchInput {
  teams: number[]
  wins: Map<number, number>
  /** Games not decided yet (home, away); each gives one win to one of the two. */
  remaining: [number, number][]
  /** How many teams reach the playoffs. */
  spots: number
}

export interface ClinchMark {
  clinched: boolean
  eliminated: boolean
}

/** Above this many sets to try, a team's marks stay off (never wrong, only silent). */
const MAX_SETS = 20000

/** Dinic's max-flow on a small dense graph. */
// Every index below is a node number below n, by construction: the hot loop reads them unchecked.
class Flow {
  private cap: number[][]
  private n: number
  constructor(n: number) {
    this.n = n
    this.cap = Array.from({ length: n }, () => new Array<number>(n).fill(0))
  }
  add(u: number, v: number, c: number) {
    this.cap[u]![v]! += c
  }
  max(s: number, t: number): number {
    let total = 0
    for (;;) {
      const level = new Array<number>(this.n).fill(-1)
      level[s]! = 0
      const queue = [s]
      for (let i = 0; i < queue.length; i++) {
        const u = queue[i]!
        for (let v = 0; v < this.n; v++) {
          if (level[v]! < 0 && this.cap[u]![v]! > 0) {
            level[v]! = level[u]! + 1
            queue.push(v)
          }
        }
      }
      if (level[t]! < 0) return total
      const next = new Array<number>(this.n).fill(0)
      const push = (u: number, f: number): number => {
        if (u === t) return f
        for (; next[u]! < this.n; next[u]!++) {
          const v = next[u]!
          if (this.cap[u]![v]! > 0 && level[v]! === level[u]! + 1) {
            const got = push(v, Math.min(f, this.cap[u]![v]!))
            if (got > 0) {
              this.cap[u]![v]! -= got
              this.cap[v]![u]! += got
              return got
            }
          }
        }
        return 0
      }
      for (let f = push(s, Number.POSITIVE_INFINITY); f > 0; f = push(s, Number.POSITIVE_INFINITY)) total += f
    }
  }
}

/** Pairs of teams with how many remaining games each pair has, leaving out games of `without`. */
function pairsOf(remaining: [number, number][], without: number) {
  const pairs = new Map<string, { a: number; b: number; games: number }>()
  for (const [a, b] of remaining) {
    if (a === without || b === without || a === b) continue
    const [x, y] = a < b ? [a, b] : [b, a]
    const key = `${x}:${y}`
    const p = pairs.get(key) ?? { a: x, b: y, games: 0 }
    p.games++
    pairs.set(key, p)
  }
  return [...pairs.values()]
}

/**
 * Can the remaining games (pairs) be played so that each team in `cap` wins at most cap[i] more
 * (teams not in `cap` unlimited)? All games must be played.
 */
function fitsUnder(pairs: { a: number; b: number; games: number }[], caps: Map<number, number>): boolean {
  const teams = [...new Set(pairs.flatMap((p) => [p.a, p.b]))]
  const index = new Map(teams.map((t, i) => [t, 1 + pairs.length + i]))
  const sink = 1 + pairs.length + teams.length
  const flow = new Flow(sink + 1)
  let games = 0
  pairs.forEach((p, i) => {
    flow.add(0, 1 + i, p.games)
    flow.add(1 + i, index.get(p.a) as number, p.games)
    flow.add(1 + i, index.get(p.b) as number, p.games)
    games += p.games
  })
  for (const t of teams) flow.add(index.get(t) as number, sink, caps.has(t) ? (caps.get(t) as number) : games)
  return flow.max(0, sink) === games
}

/**
 * Can the remaining games give each team in `needs` at least needs[i] more wins? Games may go
 * either way, so only the demands must be met.
 */
function meetsDemands(pairs: { a: number; b: number; games: number }[], needs: Map<number, number>): boolean {
  let demand = 0
  for (const d of needs.values()) demand += d
  if (demand === 0) return true
  const teams = [...needs.keys()]
  const index = new Map(teams.map((t, i) => [t, 1 + pairs.length + i]))
  const sink = 1 + pairs.length + teams.length
  const flow = new Flow(sink + 1)
  pairs.forEach((p, i) => {
    flow.add(0, 1 + i, p.games)
    if (index.has(p.a)) flow.add(1 + i, index.get(p.a) as number, p.games)
    if (index.has(p.b)) flow.add(1 + i, index.get(p.b) as number, p.games)
  })
  for (const t of teams) flow.add(index.get(t) as number, sink, needs.get(t) as number)
  return flow.max(0, sink) === demand
}

function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0
  let r = 1
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i
  return Math.round(r)
}

/** Calls `test` on each k-subset of `items` until it returns true. */
function someSubset<T>(items: T[], k: number, test: (subset: T[]) => boolean): boolean {
  const pick: T[] = []
  const walk = (from: number): boolean => {
    if (pick.length === k) return test(pick)
    for (let i = from; i <= items.length - (k - pick.length); i++) {
      pick.push(at(items, i))
      if (walk(i + 1)) return true
      pick.pop()
    }
    return false
  }
  return walk(0)
}

function remainingOf(remaining: [number, number][], team: number) {
  return remaining.filter(([a, b]) => a !== b && (a === team || b === team)).length
}

/** Is `team` out: does every completion leave at least `spots` others strictly above it? */
export function isEliminated({ teams, wins, remaining, spots }: ClinchInput, team: number): boolean | null {
  const best = (wins.get(team) ?? 0) + remainingOf(remaining, team)
  const others = teams.filter((t) => t !== team)
  const above = others.filter((t) => (wins.get(t) ?? 0) > best)
  if (above.length >= spots) return true
  const free = spots - 1 - above.length
  const could = others.filter((t) => !above.includes(t) && (wins.get(t) ?? 0) + remainingOf(remaining, t) > best)
  if (could.length <= free) return false
  if (binomial(could.length, free) > MAX_SETS) return null
  const pairs = pairsOf(remaining, team)
  // Some `free` teams may pass the team; every other team must stay at or below its best.
  return !someSubset(could, free, (passing) => {
    const caps = new Map<number, number>()
    for (const t of others) {
      if (above.includes(t) || passing.includes(t)) continue
      caps.set(t, best - (wins.get(t) ?? 0))
    }
    return fitsUnder(pairs, caps)
  })
}

/** Is `team` in: does every completion leave fewer than `spots` others level with it or above? */
export function isClinched({ teams, wins, remaining, spots }: ClinchInput, team: number): boolean | null {
  const worst = wins.get(team) ?? 0
  const others = teams.filter((t) => t !== team)
  if (others.length < spots) return true
  // The team loses every remaining game: its opponents take those wins.
  const base = new Map(others.map((t) => [t, wins.get(t) ?? 0]))
  for (const [a, b] of remaining) {
    if (a === b) continue
    if (a === team) base.set(b, (base.get(b) ?? 0) + 1)
    if (b === team) base.set(a, (base.get(a) ?? 0) + 1)
  }
  const pairs = pairsOf(remaining, team)
  const already = others.filter((t) => (base.get(t) as number) >= worst)
  const needed = spots - already.length
  if (needed <= 0) return false
  const left = (t: number) => pairs.reduce((n, p) => n + (p.a === t || p.b === t ? p.games : 0), 0)
  const could = others.filter((t) => !already.includes(t) && (base.get(t) as number) + left(t) >= worst)
  if (could.length < needed) return true
  if (binomial(could.length, needed) > MAX_SETS) return null
  return !someSubset(could, needed, (reaching) =>
    meetsDemands(pairs, new Map(reaching.map((t) => [t, worst - (base.get(t) as number)]))),
  )
}

/** Clinched and eliminated for every team of a league; no marks when `spots` is not set. */
export function clinchMarks(input: ClinchInput): Map<number, ClinchMark> {
  const marks = new Map<number, ClinchMark>()
  for (const team of input.teams) {
    if (input.spots <= 0) {
      marks.set(team, { clinched: false, eliminated: false })
      continue
    }
    marks.set(team, { clinched: isClinched(input, team) === true, eliminated: isEliminated(input, team) === true })
  }
  return marks
}
