// The league schedule generator (docs/reference/schedule-builder.md is the contract). Pure: plain data in, plain data
// out, shared by the Worker and the Schedule Builder in the browser.
//
// How a season is read:
// - One playing night per week (week-offs excluded); each slot of a night holds one game.
// - A night fills every slot it can: each team plays at most twice, its two games back to back
//   against different opponents, so a night holds at most n - 1 games (one chain through every
//   team). With fewer slots than ⌊n/2⌋ pairs the rest of the teams have byes; with more, the extra
//   games are double-headers whose pairs come from the next rounds of the table.
// - An extra double-header game is placed only while the season's games and double-header spreads
//   can stay within 1 (bounds.ts on the nights' game counts); otherwise its slot is left open and
//   listed in the result's `openSlots` with the reason. Round-robin games are never left out.
// - Pairs follow the circle method (Berger tables), round robins chained with home and away
//   mirrored; a night plays the earliest pairs of that stream its teams can play.
// - Byes, double-headers and games are shared out night by night (fewest first, no bye two playing
//   weeks running when avoidable); slots are assigned exactly per night and then improved by a local
//   search over the season; home and away are levelled last.
// - The season's local search may also change which night a meeting falls on (an alternating cycle
//   of games exchanged between two nights, so every team keeps its games, byes and double-headers
//   on both nights) and re-pair two games of a night (ab, cd → ac, bd) when the season's meeting
//   counts stay within their range (so a full round robin is never re-paired). Each changed night
//   is re-placed exactly against the rest of the season.
// - Slot spreads of 2 the search leaves are then repaired by a short depth-first search over
//   sequences of swaps within nights (single games, double-header chains as blocks), each step
//   moving a team out of a slot where it is above its group's level; kept only when every slot
//   spread ends within 1.
// - A season whose slot spread is still above 1, or whose games, bye or double-header spread is
//   above both 1 and what unavailability forces (bounds.ts), is drawn again from a seed derived from
//   the input's (another Berger numbering, another search) while a fixed work budget lasts; the
//   fairest draw is kept. Same input and seed, same schedule.
// - Kept games (played: score or stats; or locked) come back unchanged and use up their meeting;
//   their teams get no other game that night. A kept game that breaks a rule (week-off, clash,
//   unavailable slot) makes generation fail, like any night whose slots cannot all be filled: the
//   message names the teams, dates and slots.

import { weekDate } from '../time.ts'
import type { ScheduleWeek } from './types.ts'

export { baselineSchedule } from './baseline.ts'
export { bergerRounds } from './berger.ts'
export { generateSchedule } from './generate.ts'
export { availabilityGroups, carryOver, hardViolations, measure } from './measure.ts'
export { balanceHomeAway } from './season-games.ts'
export { validateSwap } from './swap.ts'
export type * from './types.ts'

/**
 * A schedule's weeks (docs/reference/league-admin.md §7: start date + 7 days × week index). `weeklySlots` overrides the
 * slots of single weeks (sameSlot off); dates in `weekOffs` are week-offs.
 */
export function scheduleWeeks(options: {
  startDate: string
  numWeeks: number
  slots: string[]
  weeklySlots?: Record<number, string[]>
  weekOffs?: string[]
}): ScheduleWeek[] {
  return Array.from({ length: options.numWeeks }, (_, index) => {
    const date = weekDate(options.startDate, index)
    const slots = [...(options.weeklySlots?.[index] ?? options.slots)].sort()
    return { index, date, slots, ...(options.weekOffs?.includes(date) ? { off: true } : {}) }
  })
}
