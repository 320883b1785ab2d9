import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareStandings, countsForStandings, rankStandings, recordsFor, winPercentage } from '../../worker/domain/standings'

const game = (team1Id: number, team2Id: number, scoreTeam1: number, scoreTeam2: number, status = 'completed' as const) => ({
  team1Id,
  team2Id,
  scoreTeam1,
  scoreTeam2,
  status,
})

describe('standings', () => {
  it('rounds win percentage to three decimals and is 0 before any game', () => {
    expect(winPercentage({ wins: 2, losses: 1 })).toBe(0.667)
    expect(winPercentage({ wins: 1, losses: 2 })).toBe(0.333)
    expect(winPercentage({ wins: 0, losses: 0 })).toBe(0)
  })

  it('counts decided games only', () => {
    expect(countsForStandings(game(1, 2, 50, 40))).toBe(true)
    expect(countsForStandings(game(1, 2, 50, 40, 'scheduled' as never))).toBe(true)
    expect(countsForStandings(game(1, 2, 0, 0, 'scheduled' as never))).toBe(false)
    expect(countsForStandings(game(1, 2, 50, 40, 'cancelled' as never))).toBe(false)
    expect(countsForStandings(game(1, 2, 50, 40, 'postponed' as never))).toBe(false)
    expect(countsForStandings(game(1, 2, 20, 0, 'forfeit' as never))).toBe(true)
    expect(countsForStandings(game(1, 2, 40, 40))).toBe(false)
  })

  it('builds records from games', () => {
    const records = recordsFor([1, 2, 3], [game(1, 2, 60, 50), game(2, 3, 55, 40), game(3, 1, 70, 65), game(9, 1, 10, 20)])
    expect(records.get(1)).toEqual({ wins: 2, losses: 1 })
    expect(records.get(2)).toEqual({ wins: 1, losses: 1 })
    expect(records.get(3)).toEqual({ wins: 1, losses: 1 })
  })

  it('sorts by percentage, then fewer losses, then more wins', () => {
    const rows = [
      { name: 'A', wins: 1, losses: 1 }, // .500
      { name: 'B', wins: 2, losses: 2 }, // .500, more losses
      { name: 'C', wins: 3, losses: 0 }, // 1.000
      { name: 'D', wins: 0, losses: 0 }, // 0, no losses
      { name: 'E', wins: 0, losses: 1 }, // 0
      { name: 'F', wins: 2, losses: 1 }, // .667
    ]
    expect(rankStandings(rows).map((r) => r.name)).toEqual(['C', 'F', 'A', 'B', 'D', 'E'])
  })

  it('breaks a percentage and losses tie on more wins', () => {
    // .667 both after rounding? no: equal pct requires equal ratio; use 0-loss teams with different wins.
    const rows = [
      { name: 'X', wins: 1, losses: 0 },
      { name: 'Y', wins: 4, losses: 0 },
    ]
    expect(rankStandings(rows).map((r) => r.name)).toEqual(['Y', 'X'])
  })

  it('gives level teams the same rank', () => {
    const ranked = rankStandings([
      { name: 'A', wins: 2, losses: 1 },
      { name: 'B', wins: 2, losses: 1 },
      { name: 'C', wins: 1, losses: 2 },
    ])
    expect(ranked.map((r) => r.rank)).toEqual([1, 1, 3])
  })

  it('orders any table consistently (property)', () => {
    const row = fc.record({ name: fc.string({ maxLength: 3 }), wins: fc.nat(20), losses: fc.nat(20) })
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        const sorted = rankStandings(rows)
        for (let i = 1; i < sorted.length; i++) {
          expect(compareStandings(sorted[i - 1], sorted[i])).toBeLessThanOrEqual(0)
          expect(sorted[i - 1].winPercentage).toBeGreaterThanOrEqual(sorted[i].winPercentage)
        }
        expect(sorted).toHaveLength(rows.length)
      }),
    )
  })
})
