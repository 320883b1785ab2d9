import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { GameResult } from '../../worker/domain/standings'
import { DEFAULT_TIEBREAKERS, placeTeams, TIEBREAK_RULES, type TiebreakRuleName } from '../../worker/domain/tiebreak'

const g = (
  team1Id: number,
  team2Id: number,
  scoreTeam1: number,
  scoreTeam2: number,
  status: GameResult['status'] = 'completed',
) => ({
  team1Id,
  team2Id,
  scoreTeam1,
  scoreTeam2,
  status,
})
const named = (...names: string[]) => names.map((name, i) => ({ id: i + 1, name }))

describe('tiebreakers', () => {
  it('separates two tied teams on head-to-head and says so', () => {
    const teams = named('Ballers', 'And One', 'Cats', 'Dogs')
    // Ballers and And One both 2-2; Ballers beat And One twice.
    const games = [
      g(1, 2, 50, 40),
      g(2, 1, 41, 45),
      g(3, 1, 60, 50),
      g(4, 1, 60, 50),
      g(2, 3, 70, 60),
      g(2, 4, 70, 60),
      g(4, 3, 50, 40),
    ]
    const placed = placeTeams(teams, games, { rules: DEFAULT_TIEBREAKERS }).slice(1)
    expect(placed.map((p) => p.id)).toEqual([1, 2, 3])
    expect(placed.map((p) => p.position)).toEqual([2, 3, 4])
    expect(placed[0].tiebreak).toEqual({ rule: 'headToHead', explanation: 'ahead of And One on head-to-head, 2–0' })
    expect(placed[1].tiebreak).toEqual({ rule: 'headToHead', explanation: 'behind Ballers on head-to-head, 0–2' })
    expect(placed[2].tiebreak).toBeNull()
  })

  it('shares a position only when every rule ties, and never uses id or name', () => {
    const teams = named('Zed', 'Amy')
    const placed = placeTeams(teams, [g(1, 2, 50, 40), g(2, 1, 50, 40)], { rules: DEFAULT_TIEBREAKERS })
    expect(placed.map((p) => p.position)).toEqual([1, 1])
    expect(placed[0].tiebreak?.rule).toBeNull()
    expect(placed[0].tiebreak?.explanation).toMatch(/level with .* on every tiebreaker/)
    // A staff draw then decides, and says so.
    const drawn = placeTeams(teams, [g(1, 2, 50, 40), g(2, 1, 50, 40)], {
      rules: [...DEFAULT_TIEBREAKERS, 'staffOrder'],
      staffOrder: [1, 2],
    })
    expect(drawn.map((p) => [p.id, p.position])).toEqual([
      [1, 1],
      [2, 2],
    ])
    expect(drawn[0].tiebreak?.explanation).toBe('ahead of Amy on order set by staff (coin flip), drawn 1 to drawn 2')
  })

  it('caps the point differential per game', () => {
    const teams = named('A', 'B', 'C', 'D')
    // A and B both 1-1 and split; A won big, B won close twice over.
    const games = [g(1, 3, 100, 40), g(4, 1, 50, 49), g(2, 3, 60, 50), g(4, 2, 52, 50)]
    const rules: TiebreakRuleName[] = ['fewerLosses', 'moreWins', 'pointDifferential']
    const uncapped = placeTeams(teams, games, { rules })
    expect(uncapped.find((p) => p.id === 1)?.tiebreak?.explanation).toMatch(/ahead of B on point differential, \+59 to \+8/)
    const capped = placeTeams(teams, games, { rules, pointCap: 5 })
    // A: +5 −1 = +4; B: +5 −2 = +3.
    expect(capped.find((p) => p.id === 1)?.tiebreak?.explanation).toBe('ahead of B on point differential, +4 to +3')
  })

  it('counts forfeits against the team that forfeited', () => {
    const teams = named('A', 'B', 'C')
    const games = [g(1, 3, 20, 0, 'forfeit'), g(3, 2, 20, 0, 'forfeit'), g(2, 3, 50, 40), g(3, 1, 50, 40)]
    const placed = placeTeams(teams, games, { rules: ['fewestForfeits'] })
    expect(placed.map((p) => p.id).slice(0, 2)).toEqual([1, 2])
    expect(placed[0].tiebreak?.explanation).toMatch(/fewest forfeits/)
  })

  it('restarts head-to-head among the teams still tied when a rule separates some of three', () => {
    // A, B, C all 3-1 overall... build: mini-table A 2-0 vs B,C; B beat C, C beat B → A on top,
    // then B and C restart: head-to-head between them alone is 1-1, so points allowed decides.
    const teams = named('A', 'B', 'C', 'D', 'E')
    const games = [
      g(5, 4, 50, 40),
      g(1, 2, 50, 40),
      g(1, 3, 50, 40),
      g(2, 3, 50, 49),
      g(3, 2, 50, 30),
      g(4, 1, 60, 40),
      g(4, 1, 60, 40),
      g(2, 4, 60, 59),
      g(3, 4, 60, 59),
    ]
    const placed = placeTeams(teams, games, { rules: ['fewerLosses', 'moreWins', 'headToHead', 'pointsAllowed'] })
    expect(placed.map((p) => p.id)).toEqual([5, 1, 3, 2, 4])
    expect(placed[1].tiebreak?.explanation).toBe('ahead of C on head-to-head, 2–0 among the 3 tied teams')
    expect(placed[2].tiebreak).toEqual({
      rule: 'pointsAllowed',
      explanation: 'ahead of B on points allowed, 189 allowed to 208 allowed',
    })
  })
})

// Random leagues: up to 7 teams, random games and results.
const league = fc
  .record({
    n: fc.integer({ min: 2, max: 7 }),
    games: fc.array(
      fc.record({
        a: fc.nat(6),
        b: fc.nat(6),
        sa: fc.integer({ min: 0, max: 4 }),
        sb: fc.integer({ min: 0, max: 4 }),
        forfeit: fc.boolean(),
      }),
      { maxLength: 25 },
    ),
    rules: fc.shuffledSubarray([...TIEBREAK_RULES]),
    cap: fc.option(fc.integer({ min: 1, max: 3 })),
  })
  .map(({ n, games, rules, cap }) => ({
    teams: Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `T${i + 1}` })),
    games: games
      .filter((x) => x.a % n !== x.b % n)
      .map((x) => g((x.a % n) + 1, (x.b % n) + 1, x.sa, x.sb, x.forfeit ? 'forfeit' : 'completed')),
    rules: rules as TiebreakRuleName[],
    cap,
  }))

describe('tiebreakers (properties)', () => {
  it('is a total order: positions ascend, gaps match shared places, tied-on-everything is rare and explained', () => {
    fc.assert(
      fc.property(league, ({ teams, games, rules, cap }) => {
        const staffOrder = teams.map((t) => t.id).reverse()
        const placed = placeTeams(teams, games, { rules, pointCap: cap, staffOrder })
        expect(placed).toHaveLength(teams.length)
        expect(new Set(placed.map((p) => p.id)).size).toBe(teams.length)
        for (let i = 0; i < placed.length; i++) {
          const p = placed[i]
          // The position is 1 + the number of teams strictly ahead.
          expect(p.position).toBe(placed.filter((q) => q.position < p.position).length + 1)
          if (i > 0) expect(placed[i - 1].position).toBeLessThanOrEqual(p.position)
          const pct = (x: { wins: number; losses: number }) =>
            x.wins + x.losses === 0 ? 0 : Math.round((x.wins / (x.wins + x.losses)) * 1000)
          const shares = placed.some((q) => q.id !== p.id && pct(q) === pct(p))
          expect(p.tiebreak !== null).toBe(shares)
          if (p.tiebreak?.rule === null) expect(placed.some((q) => q.id !== p.id && q.position === p.position)).toBe(true)
        }
        // With the staff draw last, nothing is left shared.
        if (rules.includes('staffOrder')) expect(new Set(placed.map((p) => p.position)).size).toBe(teams.length)
      }),
    )
  })

  it('does not depend on team ids, names or the order of the input', () => {
    fc.assert(
      fc.property(league, fc.integer({ min: 1, max: 1000 }), fc.context(), ({ teams, games, rules, cap }, shift, ctx) => {
        const base = placeTeams(teams, games, { rules, pointCap: cap, staffOrder: teams.map((t) => t.id) })
        // Rename every id (reversed, shifted) and every name (reversed alphabet), shuffle the input.
        const relabel = (id: number) => shift + (teams.length - id) * 7
        const moved = placeTeams(
          [...teams].reverse().map((t) => ({ id: relabel(t.id), name: `Z${100 - t.id}` })),
          [...games].reverse().map((x) => ({ ...x, team1Id: relabel(x.team1Id), team2Id: relabel(x.team2Id) })),
          { rules, pointCap: cap, staffOrder: teams.map((t) => relabel(t.id)) },
        )
        ctx.log(JSON.stringify({ base, moved }))
        const positions = new Map(base.map((p) => [relabel(p.id), p.position]))
        for (const p of moved) {
          expect(p.position).toBe(positions.get(p.id))
          expect(p.tiebreak?.rule ?? null).toBe(base.find((b) => relabel(b.id) === p.id)?.tiebreak?.rule ?? null)
        }
      }),
    )
  })

  it('head-to-head restart: within any group left tied by the earlier rules, the top team has the best head-to-head among exactly that group', () => {
    fc.assert(
      fc.property(league, ({ teams, games }) => {
        const placed = placeTeams(teams, games, { rules: ['headToHead'] })
        // Groups of equal win percentage (win percentage is always first).
        const pct = (p: { wins: number; losses: number }) =>
          p.wins + p.losses === 0 ? 0 : Math.round((p.wins / (p.wins + p.losses)) * 1000)
        for (const key of new Set(placed.map(pct))) {
          const group = placed.filter((p) => pct(p) === key)
          if (group.length < 2) continue
          const ids = new Set(group.map((p) => p.id))
          const mini = (id: number) => {
            let w = 0
            let l = 0
            for (const x of games) {
              if (!ids.has(x.team1Id) || !ids.has(x.team2Id) || x.scoreTeam1 === x.scoreTeam2) continue
              const winner = x.scoreTeam1 > x.scoreTeam2 ? x.team1Id : x.team2Id
              if (x.team1Id === id || x.team2Id === id) winner === id ? w++ : l++
            }
            return w + l === 0 ? 0.5 : w / (w + l)
          }
          // The first rule applied to the group is head-to-head among all of it: the top team(s) have the best mini-table.
          const best = Math.max(...group.map((p) => mini(p.id)))
          expect(mini(group[0].id)).toBe(best)
          // And any two teams still adjacent and separated: if exactly two remain tied after the
          // first split, their order follows their own meeting(s).
          for (let i = 0; i + 1 < group.length; i++) {
            const [x, y] = [group[i], group[i + 1]]
            if (
              x.tiebreak?.rule === 'headToHead' &&
              x.tiebreak.explanation.startsWith('ahead') &&
              /, \d+–\d+$/.test(x.tiebreak.explanation)
            ) {
              const [w, l] = (x.tiebreak.explanation.match(/(\d+)–(\d+)$/) as RegExpMatchArray).slice(1).map(Number)
              expect(w).toBeGreaterThan(l)
              expect(x.tiebreak.explanation).toContain(`T${y.id}`)
            }
          }
        }
      }),
    )
  })
})
