// npm run bench:schedule — our generator against the naive baseline (circle method, games in table
// order, no optimisation) on docs/reference/schedule-builder.md's measures. Prints the markdown table of
// docs/schedule-benchmark.md.
// The grid: N = 5..16; weeks N−1, N, 2N−2, 12; slots ⌊N/2⌋, +1, +2; 0/10/20 % of team-slots
// unavailable; 0–2 week-offs — 1,215 instances (the weeks values coincide for some N). The whole
// grid runs in about 45 s; `--sample` runs a fixed third of it (every instance whose
// index is a multiple of 3 after a seeded shuffle).

import {
  baselineSchedule,
  generateSchedule,
  measure,
  type ScheduledGame,
  type ScheduleInput,
} from '../worker/domain/scheduler/index.ts'
import { seededRandom, shuffled } from '../worker/domain/scheduler/random.ts'
import { buildGridInstance, courtGamesOnGrid, fairnessGrid, gridOnCourts } from './fairness-grid.ts'

const grid = fairnessGrid()
const full = !process.argv.includes('--sample')
const instances = full ? grid : shuffled(grid, seededRandom(2025)).filter((_, i) => i % 3 === 0)
const build = buildGridInstance

interface Row {
  solved: number
  valid: number
  games: number
  slot: number
  byes: number
  doubleHeaders: number
  homeAway: number
  carryOver: number
  times: number[]
  /** CPU time (user + system) of each generation: what one core spends, whatever else runs. */
  cpuTimes: number[]
  /** Instances whose spread is within max(1, the proven bound of measure's bestPossible). */
  atBest: { games: number; slot: number; byes: number; doubleHeaders: number }
  /** Instances where unavailability proves a spread above 1 unavoidable. */
  forced: { games: number; slot: number; byes: number; doubleHeaders: number }
}
const row = (): Row => ({
  solved: 0,
  valid: 0,
  games: 0,
  slot: 0,
  byes: 0,
  doubleHeaders: 0,
  homeAway: 0,
  carryOver: 0,
  times: [],
  cpuTimes: [],
  atBest: { games: 0, slot: 0, byes: 0, doubleHeaders: 0 },
  forced: { games: 0, slot: 0, byes: 0, doubleHeaders: 0 },
})
const ours = row()
const naive = row()
const failures: string[] = []
const misses: string[] = []
// Slots the generator left open (an extra double-header would have unbalanced the season) and the
// instances with any: the spreads above are measured over the games actually scheduled.
let openInstances = 0
let openSlotCount = 0
let filledSlotCount = 0

function score(into: Row, input: ScheduleInput, games: ScheduledGame[], circleCarryOver: number, ms: number, cpuMs: number) {
  const f = measure(input, games)
  into.solved++
  if (f.hardViolations.length === 0) into.valid++
  if (f.spreads.games <= 1) into.games++
  if (f.spreads.slot.value <= 1) into.slot++
  if (f.spreads.byes <= 1 && f.spreads.consecutiveByes === 0) into.byes++
  if (f.spreads.doubleHeaders <= 1) into.doubleHeaders++
  const best = f.bestPossible
  const within = (spread: number, bound: number) => spread <= Math.max(1, bound)
  if (within(f.spreads.games, best.games)) into.atBest.games++
  if (within(f.spreads.slot.value, best.slot)) into.atBest.slot++
  if (within(f.spreads.byes, best.byes) && f.spreads.consecutiveByes === 0) into.atBest.byes++
  if (within(f.spreads.doubleHeaders, best.doubleHeaders)) into.atBest.doubleHeaders++
  if (best.games > 1) into.forced.games++
  if (best.slot > 1) into.forced.slot++
  if (best.byes > 1) into.forced.byes++
  if (best.doubleHeaders > 1) into.forced.doubleHeaders++
  into.homeAway += f.spreads.homeAwayImbalance
  into.carryOver += circleCarryOver ? f.carryOver / circleCarryOver : 1
  into.times.push(ms)
  into.cpuTimes.push(cpuMs)
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}

const started = performance.now()
instances.forEach((spec, i) => {
  const input = build(spec, 1000 + i)
  let t0 = performance.now()
  let cpu0 = process.cpuUsage()
  const baseline = baselineSchedule(input)
  const baselineMs = performance.now() - t0
  const baselineCpuMs = cpuMs(cpu0)
  const circleCarryOver = measure(input, baseline.games).carryOver
  score(naive, input, baseline.games, circleCarryOver, baselineMs, baselineCpuMs)
  t0 = performance.now()
  cpu0 = process.cpuUsage()
  const result = generateSchedule(input)
  const ms = performance.now() - t0
  const cpu = cpuMs(cpu0)
  if (result.ok) {
    score(ours, input, result.games, circleCarryOver, ms, cpu)
    if (result.openSlots.length > 0) openInstances++
    openSlotCount += result.openSlots.length
    filledSlotCount += result.games.length
    const { spreads: f, bestPossible: best } = result.fairness
    if (f.games > Math.max(1, best.games) || f.doubleHeaders > Math.max(1, best.doubleHeaders))
      misses.push(`N=${spec.n} weeks=${spec.weeks} slots=${spec.slots} unavailable=${spec.unavailable * 100}%`)
  } else {
    ours.times.push(ms)
    ours.cpuTimes.push(cpu)
    failures.push(
      `N=${spec.n} weeks=${spec.weeks} slots=${spec.slots} unavailable=${spec.unavailable * 100}% — ${result.message}`,
    )
  }
})
const seconds = (performance.now() - started) / 1000

// ---- The fairness grid through the court generator (docs/schedule-benchmark.md "The fairness grid on
// courts"): every instance mapped by gridOnCourts (one venue, one court per time), generated, and
// checked three ways: the court rules (courtHardViolations, with the teams' unavailable times), the
// grid's own hard rules (measure's hardViolations) and the RobinX validator on its export.
const onCourts = await (async () => {
  const { courtHardViolations, generateOnCourts, openSlots } = await import('../worker/domain/scheduler/courts.ts')
  const { exportRobinx } = await import('../worker/domain/robinx.ts')
  const { validateRobinx } = await import('../worker/domain/robinx-validate.ts')
  const out = {
    instances: 0,
    clean: 0,
    hard: 0,
    gridHard: 0,
    robinx: 0,
    games: 0,
    cells: 0,
    unplaced: 0,
    times: [] as number[],
    cpu: [] as number[],
  }
  const worst: string[] = []
  instances.forEach((spec, i) => {
    const input = build(spec, 1000 + i)
    const courts = gridOnCourts(input)
    const t0 = performance.now()
    const cpu0 = process.cpuUsage()
    const result = generateOnCourts(courts)
    out.times.push(performance.now() - t0)
    out.cpu.push(cpuMs(cpu0))
    const slots = openSlots(courts.dates, courts.courts, [], 30)
    const hard = courtHardViolations(result.games, slots, [], 30, courts.unavailable).length
    const games = courtGamesOnGrid(input, result.games)
    const gridHard = measure(input, games).hardViolations.length
    const xml = exportRobinx({
      name: `grid ${i}`,
      teams: input.teams.map((t) => ({ ...t, name: t.name ?? `Team ${t.id}` })),
      weeks: input.weeks,
      games,
    })
    const robinx = validateRobinx(xml.instance, xml.solution).violations.length
    out.instances++
    if (hard + gridHard + robinx === 0) out.clean++
    else worst.push(`N=${spec.n} weeks=${spec.weeks} slots=${spec.slots} unavailable=${spec.unavailable * 100}%`)
    out.hard += hard
    out.gridHard += gridHard
    out.robinx += robinx
    out.games += result.games.length
    out.cells += slots.length
    out.unplaced += result.unplaced.length
  })
  return { ...out, worst }
})()

const pct = (x: number, of: number) => (of ? `${((100 * x) / of).toFixed(1)} %` : '–')
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}
const line = (name: string, r: Row) =>
  `| ${name} | ${r.solved} / ${instances.length} | ${pct(r.valid, r.solved)} | ${pct(r.games, r.solved)} | ${pct(r.slot, r.solved)} | ${pct(r.byes, r.solved)} | ${pct(r.doubleHeaders, r.solved)} | ${(r.homeAway / Math.max(r.solved, 1)).toFixed(2)} | ${(r.carryOver / Math.max(r.solved, 1)).toFixed(2)} | ${quantile(r.times, 0.5).toFixed(1)} ms | ${Math.max(0, ...r.times).toFixed(1)} ms | ${quantile(r.cpuTimes, 0.5).toFixed(1)} ms | ${Math.max(0, ...r.cpuTimes).toFixed(1)} ms |`

console.log(
  `${instances.length} instances${full ? ' (full grid)' : ` (every third of the ${grid.length}-instance grid, seeded sample)`}, ${seconds.toFixed(0)} s\n`,
)
console.log(
  '| Generator | Schedules | 0 hard violations | Games spread ≤ 1 | Slot spread ≤ 1 | Bye spread ≤ 1, no consecutive byes | Double-header spread ≤ 1 | Mean home/away imbalance | Carry-over vs circle | p50 time | Max time | p50 CPU time | Max CPU time |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
console.log(line('Courtside generator', ours))
console.log(line('Naive baseline', naive))
// The same spreads against what each instance allows: a spread above 1 that unavailability forces
// (measure's bestPossible, proven in bounds.ts) counts as reached when the schedule meets it.
const bestLine = (name: string, r: Row) =>
  `| ${name} | ${(['games', 'slot', 'byes', 'doubleHeaders'] as const).map((k) => `${pct(r.atBest[k], r.solved)} (${r.forced[k]})`).join(' | ')} |`
console.log(
  '\nSpread ≤ max(1, proven bound) — in brackets, the instances whose proven bound is above 1:\n\n| Generator | Games | Slot | Byes (and no consecutive byes) | Double-headers |\n|---|---|---|---|---|',
)
console.log(bestLine('Courtside generator', ours))
console.log(bestLine('Naive baseline', naive))
console.log(
  `\nOpen slots (Courtside generator): ${openSlotCount} slots on ${openInstances} of ${ours.solved} instances (${pct(openSlotCount, openSlotCount + filledSlotCount)} of the slots; ${filledSlotCount} games scheduled)`,
)
const spreadMisses = misses.length
  ? `\nGames or double-header spread above max(1, proven bound) (${misses.length}): ${misses.slice(0, 8).join('; ')}`
  : ''
if (spreadMisses) console.log(spreadMisses)
if (failures.length) {
  console.log(`\nDeclared infeasible (${failures.length}):`)
  for (const f of failures.slice(0, 10)) console.log(`- ${f}`)
}

console.log('\n### The fairness grid through the court generator (one venue, one court per time)\n')
console.log(
  '| Instances | 0 hard violations | court rules broken | grid rules broken | RobinX violations | games / cells | first-cycle meetings not placed | p50 time | max time | p50 CPU | max CPU |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|---|')
console.log(
  `| ${onCourts.instances} | ${onCourts.clean} / ${onCourts.instances} | ${onCourts.hard} | ${onCourts.gridHard} | ${onCourts.robinx} | ${onCourts.games} / ${onCourts.cells} | ${onCourts.unplaced} | ${quantile(onCourts.times, 0.5).toFixed(1)} ms | ${Math.max(0, ...onCourts.times).toFixed(1)} ms | ${quantile(onCourts.cpu, 0.5).toFixed(1)} ms | ${Math.max(0, ...onCourts.cpu).toFixed(1)} ms |`,
)
if (onCourts.worst.length)
  console.log(`\nWith a hard violation (${onCourts.worst.length}): ${onCourts.worst.slice(0, 8).join('; ')}`)

// ---- Schedules for real gyms (docs/schedule-benchmark.md "Venues and rainouts") ----
// The venue grid: N = 8, 12, 16 teams over 15 Mondays on 2 venues × 2 courts (18:00–22:00, 16 slots
// a night), 0 % or 10 % of team-nights blacked out, 10 draws each; every schedule is checked for hard
// violations. The rainout set: each schedule of the grid loses venue 1 on week 3, 7 or 11 (a make-up
// Monday after the season is offered) and is re-planned: games moved, new violations, time.
{
  const { courtHardViolations, generateOnCourts, openSlots, replanClosed } = await import('../worker/domain/scheduler/courts.ts')
  const { weekDate } = await import('../worker/domain/time.ts')
  const evening = [{ day: 'Monday', from: '18:00', to: '22:00' }]
  const courts = [11, 12, 21, 22].map((id) => ({ id, venueId: id < 20 ? 1 : 2, hours: evening }))
  const mondays = Array.from({ length: 15 }, (_, i) => weekDate('2027-01-04', i))
  const makeUp = weekDate('2027-01-04', 15)
  const venueRows: string[] = []
  const rainRows: string[] = []
  for (const n of [8, 12, 16]) {
    for (const share of [0, 0.1]) {
      let worstMs = 0
      let hard = 0
      let unmet = 0
      let unplaced = 0
      let games = 0
      let cancelled = 0
      let others = 0
      let worstOthersOver = Number.NEGATIVE_INFINITY
      let newHard = 0
      let rainUnplaced = 0
      let worstReplanMs = 0
      const draws = 10
      for (let seed = 1; seed <= draws; seed++) {
        const random = seededRandom(seed * 7919 + n)
        const teams = Array.from({ length: n }, (_, i) => ({ id: i + 1 }))
        const blackouts = teams.flatMap((t) => mondays.filter(() => random() < share).map((date) => ({ teamId: t.id, date })))
        const requests = [
          { teamId: 1, kind: 'earliestStart' as const, time: '20:00' },
          { teamId: 2, kind: 'latestStart' as const, time: '19:00' },
          { teamId: 3, kind: 'preferredVenue' as const, venueId: 2 },
        ]
        const t0 = performance.now()
        const plan = generateOnCourts({ teams, dates: mondays, courts, blackouts, requests })
        worstMs = Math.max(worstMs, performance.now() - t0)
        hard += courtHardViolations(plan.games, openSlots(mondays, courts), blackouts).length
        unmet += plan.unmet.length
        unplaced += plan.unplaced.length
        games += plan.games.length
        for (const week of [3, 7, 11]) {
          const closures = [{ venueId: 1, courtId: null, date: mondays[week] as string, from: null, to: null }]
          const t1 = performance.now()
          const re = replanClosed({
            games: plan.games.map((g, i) => ({ ...g, id: i + 1 })),
            dates: [...mondays, makeUp],
            courts,
            closures,
            blackouts,
            requests,
          })
          worstReplanMs = Math.max(worstReplanMs, performance.now() - t1)
          const moved = re.moves.filter((m) => !m.cancelled).length
          cancelled += re.cancelled
          others += moved
          worstOthersOver = Math.max(worstOthersOver, moved - re.cancelled)
          newHard += re.newHardViolations
          rainUnplaced += re.unplaced.length
        }
      }
      venueRows.push(
        `| ${n} | ${share * 100} % | ${draws} | ${games} | ${hard} | ${unplaced} | ${unmet} | ${worstMs.toFixed(1)} ms |`,
      )
      rainRows.push(
        `| ${n} | ${share * 100} % | ${draws * 3} | ${cancelled} | ${others} | ${worstOthersOver} | ${newHard} | ${rainUnplaced} | ${worstReplanMs.toFixed(1)} ms |`,
      )
    }
  }
  console.log('\n### Venue grid: 2 venues × 2 courts, 15 Mondays\n')
  console.log('| teams | blackouts | draws | games | hard violations | meetings not placed | unmet requests | slowest solve |')
  console.log('|---|---|---|---|---|---|---|---|')
  for (const r of venueRows) console.log(r)
  console.log('\n### Rainout set: venue 1 closed on week 3, 7 or 11, make-up Monday offered\n')
  console.log(
    '| teams | blackouts | closures | games cancelled | other games moved | worst (other moved − cancelled) | new hard violations | not re-placed | slowest re-plan |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|')
  for (const r of rainRows) console.log(r)
}
