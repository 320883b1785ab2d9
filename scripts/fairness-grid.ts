// The schedule generator's fairness grid (docs/schedule-benchmark.md), shared by `npm run
// bench:schedule` and the unit test that re-checks it with the RobinX validator: N = 5..16; weeks
// N−1, N, 2N−2, 12; slots ⌊N/2⌋, +1, +2 (17:00, 17:30, 18:00, …); 0/10/20 % of team-slots
// unavailable; 0–2 week-offs — 1,215 instances.
//
// On courts (docs/schedule-benchmark.md "The fairness grid on courts"): one venue, one court per
// time of the grid, open only at that time for one 30-minute game, so each of the grid's cells is one
// (date, time, court) slot and holds one game as in the grid; a team's unavailable times are the
// court generator's `unavailable` (hard, every week); week-offs are not nights.

import type { CourtGame, CourtInfo, CourtScheduleInput } from '../worker/domain/scheduler/courts.ts'
import { type ScheduledGame, type ScheduleInput, scheduleWeeks } from '../worker/domain/scheduler/index.ts'
import { seededRandom, shuffled } from '../worker/domain/scheduler/random.ts'

export interface GridInstance {
  n: number
  weeks: number
  slots: number
  unavailable: number
  weekOffs: number
}

export function fairnessGrid(): GridInstance[] {
  const grid: GridInstance[] = []
  for (let n = 5; n <= 16; n++) {
    for (const weeks of [...new Set([n - 1, n, 2 * n - 2, 12])]) {
      for (const slots of [Math.floor(n / 2), Math.floor(n / 2) + 1, Math.floor(n / 2) + 2]) {
        for (const unavailable of [0, 0.1, 0.2])
          for (const weekOffs of [0, 1, 2]) grid.push({ n, weeks, slots, unavailable, weekOffs })
      }
    }
  }
  return grid
}

/** One instance of the grid, drawn from its seed. */
export function buildGridInstance(spec: GridInstance, seed: number): ScheduleInput {
  const random = seededRandom(seed)
  const times = Array.from(
    { length: spec.slots },
    (_, i) => `${String(17 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  )
  const teams = Array.from({ length: spec.n }, (_, i) => ({ id: i + 1, name: `Team ${i + 1}`, unavailableSlots: [] as string[] }))
  const cells = shuffled(
    teams.flatMap((t) => times.map((time) => ({ t, time }))),
    random,
  )
  for (const { t, time } of cells.slice(0, Math.round(spec.unavailable * cells.length))) t.unavailableSlots.push(time)
  for (const t of teams) t.unavailableSlots.sort()
  const offWeeks = shuffled(
    Array.from({ length: spec.weeks - 1 }, (_, i) => i + 1),
    random,
  ).slice(0, spec.weekOffs)
  const weeks = scheduleWeeks({ startDate: '2025-01-07', numWeeks: spec.weeks, slots: times }).map((w) =>
    offWeeks.includes(w.index) ? { ...w, off: true } : w,
  )
  return { teams, weeks, seed }
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const plus30 = (time: string) => {
  const m = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + 30
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}

/** The instance as the court generator's input: one court per time, the teams' times unavailable. */
export function gridOnCourts(input: ScheduleInput): CourtScheduleInput {
  const nights = input.weeks.filter((w) => !w.off)
  const days = [...new Set(nights.map((w) => DAYS[new Date(`${w.date}T00:00:00Z`).getUTCDay()] as string))]
  const times = [...new Set(nights.flatMap((w) => w.slots))].sort()
  const courts: CourtInfo[] = times.map((time, i) => ({
    id: i + 1,
    venueId: 1,
    hours: days.map((day) => ({ day, from: time, to: plus30(time) })),
  }))
  return {
    teams: input.teams.map((t) => ({ id: t.id, name: t.name })),
    dates: nights.map((w) => w.date),
    courts,
    unavailable: input.teams.flatMap((t) => t.unavailableSlots.map((time) => ({ teamId: t.id, time }))),
    gameMinutes: 30,
  }
}

/** The court generator's games back in the grid's terms (week, time), to measure and export them. */
export function courtGamesOnGrid(input: ScheduleInput, games: CourtGame[]): ScheduledGame[] {
  const weekOf = new Map(input.weeks.map((w) => [w.date, w.index]))
  return games.map((g) => ({
    weekIndex: weekOf.get(g.date) ?? -1,
    date: g.date,
    time: g.time,
    homeId: g.homeId,
    awayId: g.awayId,
    fixed: false,
  }))
}
