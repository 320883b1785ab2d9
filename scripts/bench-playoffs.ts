// Benchmark of the playoffs rules (docs/playoffs.md): how long one standings read spends placing a
// league's teams by its tiebreakers and deciding clinched/eliminated by max-flow, and how long a
// bracket takes to resolve. Pure code, no server: `npm run bench:playoffs`.
// Writes its section of bench/RESULTS.md.
import { resolveBracket, slotKey } from '../worker/domain/bracket.ts'
import { clinchMarks } from '../worker/domain/clinch.ts'
import type { GameResult } from '../worker/domain/standings.ts'
import { placeTeams } from '../worker/domain/tiebreak.ts'
import { writeResultsSection } from './results-section.ts'

/** A seeded pseudo-random generator, so every run measures the same leagues. */
function random(seed: number) {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648
    return s / 2147483648
  }
}

/** A league of n teams, double round robin, `playedShare` of the games played. */
function league(n: number, playedShare: number, seed: number) {
  const rnd = random(seed)
  const teams = Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Team ${i + 1}` }))
  const games: GameResult[] = []
  for (let round = 0; round < 2; round++)
    for (let a = 1; a <= n; a++)
      for (let b = a + 1; b <= n; b++) {
        const played = rnd() < playedShare
        const sa = played ? 40 + Math.floor(rnd() * 30) : 0
        let sb = played ? 40 + Math.floor(rnd() * 30) : 0
        if (played && sa === sb) sb++
        games.push({
          team1Id: round ? b : a,
          team2Id: round ? a : b,
          scoreTeam1: sa,
          scoreTeam2: sb,
          status: played ? 'completed' : 'scheduled',
        })
      }
  return { teams, games }
}

function time(label: string, runs: number, work: () => void) {
  work()
  const start = performance.now()
  for (let i = 0; i < runs; i++) work()
  const ms = (performance.now() - start) / runs
  return { label, ms }
}

const rows: { label: string; ms: number }[] = []
for (const [n, spots, share] of [
  [8, 4, 0.75],
  [12, 6, 0.8],
  [16, 8, 0.85],
  [16, 8, 0.5],
] as const) {
  const { teams, games } = league(n, share, n)
  const rules = ['fewerLosses', 'moreWins', 'headToHead', 'pointDifferential', 'commonOpponents'] as const
  rows.push(time(`tiebreakers, ${n} teams, ${games.length} games`, 200, () => placeTeams(teams, games, { rules: [...rules] })))
  const wins = new Map(placeTeams(teams, games, { rules: [...rules] }).map((p) => [p.id, p.wins]))
  const remaining = games.filter((g) => g.status === 'scheduled').map((g) => [g.team1Id, g.team2Id] as [number, number])
  rows.push(
    time(`clinched/eliminated, ${n} teams, ${spots} places, ${remaining.length} games left`, 20, () =>
      clinchMarks({ teams: teams.map((t) => t.id), wins, remaining, spots }),
    ),
  )
}
const seeds = Array.from({ length: 64 }, (_, i) => i + 1)
rows.push(
  time('bracket of 64 resolved with every game played', 200, () => {
    const played = new Map<string, { teams: [number, number]; winner: number }>()
    for (;;) {
      const state = resolveBracket({ seeds, thirdPlace: true, reseed: true }, played)
      const open = state.slots.filter((s) => s.team1 !== null && s.team2 !== null && s.winner === null)
      if (open.length === 0) break
      for (const s of open) played.set(slotKey(s), { teams: [s.team1 as number, s.team2 as number], winner: s.team1 as number })
    }
  }),
)

const body = [
  '## Playoffs rules (`npm run bench:playoffs`)',
  '',
  `Pure code on this machine, ${new Date().toISOString().slice(0, 10)}: milliseconds per call (the standings read runs the first two per league).`,
  '',
  '| work | ms per call |',
  '|---|---|',
  ...rows.map((r) => `| ${r.label} | ${r.ms.toFixed(3)} |`),
].join('\n')
writeResultsSection('bench-playoffs', body)
console.log(body)
