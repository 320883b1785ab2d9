// Pairings by the circle method (Berger tables). Teams are indexes 0..n-1.

import { at } from '../at.ts'

export interface Round {
  /** [home, away] in table order: the fixed team's pair first. */
  pairs: [number, number][]
  /** Odd n: the team paired with the dummy sits out. */
  bye: number | null
}

/**
 * One round robin: n - 1 rounds for even n, n rounds for odd n (a dummy team makes the count
 * even and its partner has the bye, so the bye rotates). Home and away alternate like a Berger
 * table: every team is within 1 of level over a round robin.
 */
export function bergerRounds(n: number): Round[] {
  const size = n % 2 === 0 ? n : n + 1
  const fixed = size - 1
  const circle = size - 1
  const rounds: Round[] = []
  for (let r = 0; r < circle; r++) {
    const pairs: [number, number][] = []
    let bye: number | null = null
    if (fixed >= n) bye = r
    else pairs.push(r % 2 === 0 ? [r, fixed] : [fixed, r])
    for (let k = 1; k < size / 2; k++) {
      const up = (r + k) % circle
      const down = (r - k + circle) % circle
      pairs.push(k % 2 === 1 ? [up, down] : [down, up])
    }
    rounds.push({ pairs, bye })
  }
  return rounds
}

export interface Matchup {
  home: number
  away: number
}

/** Round robins chained: every second cycle has home and away mirrored. */
export function matchupStream(n: number, cycles: number): Matchup[] {
  const rounds = bergerRounds(n)
  const stream: Matchup[] = []
  for (let c = 0; c < cycles; c++) {
    for (const round of rounds) {
      for (const [home, away] of round.pairs) stream.push(c % 2 === 0 ? { home, away } : { home: away, away: home })
    }
  }
  return stream
}

export const pairKey = (a: number, b: number) => (a < b ? a * 1024 + b : b * 1024 + a)

/**
 * The matchups still to play, in stream order. `rank` is how near the front a pair's next
 * meeting is (Infinity when the stream has none left); `take` plays it and returns its sides.
 */
export interface PairQueue {
  rank(a: number, b: number): number
  take(a: number, b: number): Matchup
}

export function pairQueue(n: number, gamesNeeded: number): PairQueue {
  const perCycle = (n * (n - 1)) / 2
  const stream = matchupStream(n, Math.ceil(gamesNeeded / perCycle) + 2)
  const meetings = new Map<number, number[]>()
  stream.forEach((m, i) => {
    const key = pairKey(m.home, m.away)
    const list = meetings.get(key)
    if (list) list.push(i)
    else meetings.set(key, [i])
  })
  const next = new Map<number, number>()
  return {
    rank(a, b) {
      const key = pairKey(a, b)
      return meetings.get(key)?.[next.get(key) ?? 0] ?? Number.POSITIVE_INFINITY
    },
    take(a, b) {
      const key = pairKey(a, b)
      const list = meetings.get(key)
      const taken = next.get(key) ?? 0
      next.set(key, taken + 1)
      const index = list?.[taken]
      return index === undefined ? { home: a, away: b } : at(stream, index)
    },
  }
}
