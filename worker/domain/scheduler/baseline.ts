// The naive baseline the benchmark compares against: circle method, each night takes the next
// matchups of the table in order and puts them in the slots in order. No optimisation, and no
// look at availability.

import { at } from '../at.ts'
import { matchupStream } from './berger.ts'
import type { ScheduledGame, ScheduleInput, WeekByes } from './types.ts'

export function baselineSchedule(input: ScheduleInput): { games: ScheduledGame[]; byes: WeekByes[] } {
  const n = input.teams.length
  const playing = input.weeks.filter((w) => !w.off).sort((a, b) => a.index - b.index)
  const needed = playing.reduce((sum, w) => sum + Math.min(w.slots.length, n - 1), 0)
  const stream = n < 2 ? [] : matchupStream(n, Math.ceil(needed / ((n * (n - 1)) / 2)) + 1)
  const games: ScheduledGame[] = []
  const byes: WeekByes[] = []
  let next = 0
  for (const week of playing) {
    const slots = [...week.slots].sort().slice(0, Math.max(0, n - 1))
    const playingTeams = new Set<number>()
    for (const time of slots) {
      const m = stream[next++]
      if (!m) break
      games.push({
        weekIndex: week.index,
        date: week.date,
        time,
        homeId: at(input.teams, m.home).id,
        awayId: at(input.teams, m.away).id,
        fixed: false,
      })
      playingTeams.add(m.home).add(m.away)
    }
    byes.push({
      weekIndex: week.index,
      date: week.date,
      teamIds: input.teams.filter((_, t) => !playingTeams.has(t)).map((t) => t.id),
    })
  }
  return { games, byes }
}
