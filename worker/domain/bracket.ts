// Single-elimination brackets (docs/playoffs.md "Brackets"). Pure: shared by the server and the
// browser.
//
// N seeded teams fill a draw of P = the next power of two; seed s meets seed P + 1 − s in the first
// round, so when N is not a power of two the top P − N seeds meet an empty place — a bye — and start
// in round two. Seeds 1 and 2 can only meet in the final. A bracket has N − 1 games, one more with a
// third-place game (the two semi-final losers; N ≥ 4). With reseeding, each round's pairs are made
// only once the round before is complete: best remaining seed against worst, and so on.

import { at } from './at'

export interface SlotKey {
  kind: 'main' | 'third'
  round: number
  slot: number
}

export const slotKey = (s: SlotKey) => `${s.kind}:${s.round}:${s.slot}`

export interface BracketPlan {
  /** Team ids, best seed first. */
  seeds: number[]
  thirdPlace: boolean
  reseed: boolean
}

/** A played game of a slot: its two teams and the winner. */
export interface PlayedGame {
  teams: [number, number]
  winner: number
}

export interface ResolvedSlot extends SlotKey {
  /** Home team: the better seed. Null until known. */
  team1: number | null
  team2: number | null
  seed1: number | null
  seed2: number | null
  winner: number | null
  /** A game was played in this slot between teams that are no longer the ones the bracket sends. */
  conflict: boolean
}

export interface ResolvedBracket {
  rounds: number
  /** Game slots only (no byes), by round then slot, the third-place game last. */
  slots: ResolvedSlot[]
  /** Seeds that skip round one. */
  byes: number[]
  champion: number | null
  third: number | null
}

export const drawSize = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(2, n)))

/** The draw's seed order: [1, P, P/2 + 1, P/2, …] so that the top seeds meet as late as possible. */
export function seedOrder(size: number): number[] {
  let order = [1]
  while (order.length < size) {
    const next = order.length * 2
    order = order.flatMap((s) => [s, next + 1 - s])
  }
  return order
}

/** Every game slot of a bracket of n teams (round one's byes have none). */
export function bracketSlots(n: number, thirdPlace: boolean): SlotKey[] {
  const size = drawSize(n)
  const rounds = Math.log2(size)
  const order = seedOrder(size)
  const slots: SlotKey[] = []
  for (let i = 0; i < size / 2; i++) {
    if (at(order, 2 * i) <= n && at(order, 2 * i + 1) <= n) slots.push({ kind: 'main', round: 1, slot: i })
  }
  for (let r = 2; r <= rounds; r++) {
    for (let i = 0; i < size / 2 ** r; i++) slots.push({ kind: 'main', round: r, slot: i })
  }
  if (thirdPlace && n >= 4) slots.push({ kind: 'third', round: rounds, slot: 0 })
  return slots
}

interface Entrant {
  team: number
  seed: number
}

/**
 * Where every slot stands given the games played so far: who plays whom, who won, the champion.
 * `played` is keyed by slotKey. A played game whose teams are not the ones the bracket now sends to
 * its slot is a conflict (a score before it was corrected).
 */
export function resolveBracket(plan: BracketPlan, played: Map<string, PlayedGame>): ResolvedBracket {
  const n = plan.seeds.length
  const size = drawSize(n)
  const rounds = Math.log2(size)
  const order = seedOrder(size)
  const entrant = (seed: number): Entrant | null => (seed <= n ? { team: at(plan.seeds, seed - 1), seed } : null)
  const slots: ResolvedSlot[] = []
  // Who comes out of each place of the previous round (null: not decided yet).
  let previous: (Entrant | null)[] = []
  const losers = new Map<number, Entrant | null>()
  const decide = (key: SlotKey, a: Entrant | null, b: Entrant | null): Entrant | null => {
    const [hi, lo] = a && b && b.seed < a.seed ? [b, a] : [a, b]
    const slot: ResolvedSlot = {
      ...key,
      team1: hi?.team ?? null,
      team2: lo?.team ?? null,
      seed1: hi?.seed ?? null,
      seed2: lo?.seed ?? null,
      winner: null,
      conflict: false,
    }
    slots.push(slot)
    const game = played.get(slotKey(key))
    if (!game) return null
    if (!hi || !lo || !game.teams.includes(hi.team) || !game.teams.includes(lo.team)) {
      slot.conflict = true
      return null
    }
    slot.winner = game.winner
    const [won, lost] = game.winner === hi.team ? [hi, lo] : [lo, hi]
    if (key.kind === 'main') losers.set(key.round * 1000 + key.slot, lost)
    return won
  }
  // Round one: byes go straight through.
  const byes: number[] = []
  for (let i = 0; i < size / 2; i++) {
    const a = entrant(at(order, 2 * i))
    const b = entrant(at(order, 2 * i + 1))
    if (a && b) previous.push(decide({ kind: 'main', round: 1, slot: i }, a, b))
    else {
      const through = (a ?? b) as Entrant
      byes.push(through.seed)
      previous.push(through)
    }
  }
  for (let r = 2; r <= rounds; r++) {
    const count = size / 2 ** r
    let pairs: [Entrant | null, Entrant | null][]
    if (plan.reseed) {
      const complete = previous.every((e) => e !== null)
      const ranked = complete ? [...(previous as Entrant[])].sort((x, y) => x.seed - y.seed) : []
      pairs = Array.from({ length: count }, (_, i) =>
        complete ? [at(ranked, i), at(ranked, ranked.length - 1 - i)] : [null, null],
      )
    } else {
      pairs = Array.from({ length: count }, (_, i) => [at(previous, 2 * i), at(previous, 2 * i + 1)])
    }
    previous = pairs.map(([a, b], i) => decide({ kind: 'main', round: r, slot: i }, a, b))
  }
  let third: number | null = null
  if (plan.thirdPlace && n >= 4) {
    const semis = rounds - 1
    third =
      decide({ kind: 'third', round: rounds, slot: 0 }, losers.get(semis * 1000) ?? null, losers.get(semis * 1000 + 1) ?? null)
        ?.team ?? null
  }
  return { rounds, slots, byes: byes.sort((x, y) => x - y), champion: previous[0]?.team ?? null, third }
}

/** The name of a round as the public page shows it. */
export function roundName(round: number, rounds: number, kind: 'main' | 'third' = 'main'): string {
  if (kind === 'third') return 'Third place'
  const left = rounds - round
  if (left === 0) return 'Final'
  if (left === 1) return 'Semi-finals'
  if (left === 2) return 'Quarter-finals'
  return `Round ${round}`
}
