import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { clinchMarks } from '../../worker/domain/clinch'

/** Every completion of the remaining games, by enumeration: the definitions themselves. */
function bruteForce(teams: number[], wins: Map<number, number>, remaining: [number, number][], spots: number) {
  const marks = new Map(teams.map((t) => [t, { clinched: true, eliminated: true }]))
  for (let mask = 0; mask < 1 << remaining.length; mask++) {
    const final = new Map(wins)
    remaining.forEach(([a, b], i) => {
      const winner = mask & (1 << i) ? a : b
      final.set(winner, (final.get(winner) ?? 0) + 1)
    })
    for (const t of teams) {
      const mine = final.get(t) ?? 0
      const levelOrAbove = teams.filter((o) => o !== t && (final.get(o) ?? 0) >= mine).length
      const above = teams.filter((o) => o !== t && (final.get(o) ?? 0) > mine).length
      const m = marks.get(t) as { clinched: boolean; eliminated: boolean }
      if (levelOrAbove >= spots) m.clinched = false
      if (above < spots) m.eliminated = false
    }
  }
  return marks
}

describe('clinched and eliminated', () => {
  it('marks the obvious cases', () => {
    // Four teams, two spots, one game each left: 1 and 2 are in, 4 is out.
    const wins = new Map([
      [1, 6],
      [2, 5],
      [3, 2],
      [4, 1],
    ])
    const marks = clinchMarks({
      teams: [1, 2, 3, 4],
      wins,
      remaining: [
        [1, 2],
        [3, 4],
      ],
      spots: 2,
    })
    expect(marks.get(1)).toEqual({ clinched: true, eliminated: false })
    expect(marks.get(2)).toEqual({ clinched: true, eliminated: false })
    expect(marks.get(3)).toEqual({ clinched: false, eliminated: true })
    expect(marks.get(4)).toEqual({ clinched: false, eliminated: true })
  })

  it('sees an elimination that no single team forces (the games among the leaders must go somewhere)', () => {
    // One spot. Team 4 can reach 3 wins. Teams 1, 2, 3 have 2 each and play each other three
    // times: each can win one and stop at 3, so 4 is still alive. One more game among them and
    // one of them must reach 4 — though no single team is forced above on its own.
    const wins = new Map([
      [1, 2],
      [2, 2],
      [3, 2],
      [4, 2],
    ])
    const base: [number, number][] = [
      [1, 2],
      [2, 3],
      [3, 1],
      [4, 1],
    ]
    expect(clinchMarks({ teams: [1, 2, 3, 4], wins, remaining: base, spots: 1 }).get(4)?.eliminated).toBe(false)
    const more: [number, number][] = [...base, [1, 2]]
    expect(clinchMarks({ teams: [1, 2, 3, 4], wins, remaining: more, spots: 1 }).get(4)?.eliminated).toBe(true)
  })

  it('matches brute-force enumeration on small random leagues (property)', () => {
    const league = fc.integer({ min: 2, max: 6 }).chain((n) =>
      fc.record({
        n: fc.constant(n),
        wins: fc.array(fc.nat(6), { minLength: n, maxLength: n }),
        remaining: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 10 }),
        spots: fc.integer({ min: 1, max: n }),
      }),
    )
    fc.assert(
      fc.property(league, ({ n, wins, remaining, spots }) => {
        const teams = Array.from({ length: n }, (_, i) => i + 1)
        const games = remaining.filter(([a, b]) => a !== b).map(([a, b]) => [a + 1, b + 1] as [number, number])
        const w = new Map(teams.map((t, i) => [t, wins[i]]))
        const expected = bruteForce(teams, w, games, spots)
        const got = clinchMarks({ teams, wins: w, remaining: games, spots })
        for (const t of teams) expect(got.get(t)).toEqual(expected.get(t))
      }),
      { numRuns: 400 },
    )
  })
})
