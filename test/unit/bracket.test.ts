import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bracketSlots, drawSize, type PlayedGame, resolveBracket, seedOrder, slotKey } from '../../worker/domain/bracket'

/** Plays every game the bracket offers, the winner chosen by `pick`, until nothing is left. */
function playOut(seeds: number[], thirdPlace: boolean, reseed: boolean, pick: (a: number, b: number) => number) {
  const played = new Map<string, PlayedGame>()
  for (;;) {
    const state = resolveBracket({ seeds, thirdPlace, reseed }, played)
    const open = state.slots.filter((s) => s.team1 !== null && s.team2 !== null && s.winner === null)
    if (open.length === 0) return { state, played }
    for (const s of open) {
      const [a, b] = [s.team1 as number, s.team2 as number]
      played.set(slotKey(s), { teams: [a, b], winner: pick(a, b) })
    }
  }
}

describe('brackets', () => {
  it('orders the draw so that the top seeds meet last', () => {
    expect(seedOrder(4)).toEqual([1, 4, 2, 3])
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6])
  })

  it('for every team count 2–64: N−1 games (N with a third-place game), byes to the top seeds, one champion', () => {
    for (let n = 2; n <= 64; n++) {
      for (const thirdPlace of [false, true]) {
        for (const reseed of [false, true]) {
          const withThird = thirdPlace && n >= 4
          expect(bracketSlots(n, thirdPlace)).toHaveLength(withThird ? n : n - 1)
          const seeds = Array.from({ length: n }, (_, i) => 100 + i * 3)
          const first = resolveBracket({ seeds, thirdPlace, reseed }, new Map())
          const byes = drawSize(n) - n
          expect(first.byes).toEqual(Array.from({ length: byes }, (_, i) => i + 1))
          // Every round-one game is between two seeds that have no bye.
          for (const s of first.slots.filter((x) => x.round === 1 && x.kind === 'main')) {
            expect(s.seed1).toBeGreaterThan(byes)
            expect(s.seed2).toBeGreaterThan(byes)
            expect((s.seed1 as number) + (s.seed2 as number)).toBe(drawSize(n) + 1)
          }
          // Play it out (better seed wins): every slot gets a game and seed 1 is champion.
          const { state, played } = playOut(seeds, thirdPlace, reseed, (a, b) => Math.min(a, b))
          expect(played.size).toBe(withThird ? n : n - 1)
          expect(state.champion).toBe(seeds[0])
          if (withThird) expect(state.third).toBe(seeds[2])
        }
      }
    }
  })

  it('any results give one champion who won every game they played (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.boolean(),
        fc.boolean(),
        fc.infiniteStream(fc.boolean()),
        (n, third, reseed, coins) => {
          const seeds = Array.from({ length: n }, (_, i) => i + 1)
          const it = coins[Symbol.iterator]()
          const { state, played } = playOut(seeds, third, reseed, (a, b) => (it.next().value ? a : b))
          const champion = state.champion as number
          expect(champion).not.toBeNull()
          for (const g of played.values()) if (g.teams.includes(champion)) expect(g.winner).toBe(champion)
          // Each team loses at most once in the main draw.
          const mainLosses = new Map<number, number>()
          for (const [key, g] of played) {
            if (key.startsWith('third')) continue
            const loser = g.teams[0] === g.winner ? g.teams[1] : g.teams[0]
            mainLosses.set(loser, (mainLosses.get(loser) ?? 0) + 1)
          }
          expect([...mainLosses.values()].every((x) => x === 1)).toBe(true)
          expect(mainLosses.size).toBe(n - 1)
        },
      ),
    )
  })

  it('reseeding pairs the best remaining seed with the worst', () => {
    // 8 teams; upsets: 8 beats 1, 7 beats 2. Without reseeding 8 meets the 4/5 winner; with it, 8 meets 3.
    const seeds = [1, 2, 3, 4, 5, 6, 7, 8]
    const pick = (a: number, b: number) => (a === 1 || b === 1 ? 8 : a === 2 || b === 2 ? 7 : Math.min(a, b))
    const played = new Map<string, PlayedGame>()
    const first = resolveBracket({ seeds, thirdPlace: false, reseed: true }, played)
    for (const s of first.slots.filter((x) => x.round === 1)) {
      played.set(slotKey(s), {
        teams: [s.team1 as number, s.team2 as number],
        winner: pick(s.team1 as number, s.team2 as number),
      })
    }
    const second = resolveBracket({ seeds, thirdPlace: false, reseed: true }, played).slots.filter((s) => s.round === 2)
    expect(second.map((s) => [s.team1, s.team2])).toEqual([
      [3, 8],
      [4, 7],
    ])
    const fixed = resolveBracket({ seeds, thirdPlace: false, reseed: false }, played).slots.filter((s) => s.round === 2)
    expect(fixed.map((s) => [s.team1, s.team2])).toEqual([
      [4, 8],
      [3, 7],
    ])
  })

  it('flags a later game played between teams the bracket no longer sends', () => {
    const seeds = [1, 2, 3, 4]
    const played = new Map<string, PlayedGame>([
      ['main:1:0', { teams: [1, 4], winner: 1 }],
      ['main:1:1', { teams: [2, 3], winner: 2 }],
      ['main:2:0', { teams: [1, 2], winner: 1 }],
    ])
    expect(resolveBracket({ seeds, thirdPlace: false, reseed: false }, played).champion).toBe(1)
    // Correct the first semi-final: 4 won. The final between 1 and 2 no longer fits.
    played.set('main:1:0', { teams: [1, 4], winner: 4 })
    const after = resolveBracket({ seeds, thirdPlace: false, reseed: false }, played)
    expect(after.slots.find((s) => s.round === 2)?.conflict).toBe(true)
    expect(after.champion).toBeNull()
  })
})
