// What a slot costs and how unfair a slot is: the terms the night solver and the season's searches
// (slot-search.ts, slot-repair.ts) minimise.

import { at } from '../at.ts'
import { type League, type NightPlan, slotCount, type Tally } from './model.ts'

/**
 * Cost of one more game for each team in a slot: the change in the spread of its availability
 * group's counts there (the squared deviation from the group's mean, linearised).
 */
export function slotCost(league: League, plan: NightPlan, tally: Tally): (a: number, b: number, p: number) => number {
  const groupOf = new Int32Array(league.n)
  league.groups.forEach((members, g) => {
    for (const t of members) groupOf[t] = g
  })
  const means = plan.times.map((time) =>
    league.groups.map((members) => members.reduce((s, t) => s + slotCount(tally, t, time), 0) / members.length),
  )
  const one = (t: number, p: number) => {
    const group = at(groupOf, t)
    const members = at(league.groups, group).length
    return 2 * (slotCount(tally, t, at(plan.times, p)) - at(at(means, p), group)) + 1 - 1 / members
  }
  return (a, b, p) => one(a, p) + one(b, p)
}

/**
 * Slot unfairness of one availability group at one time: a spread above 1 weighs most, then the
 * squared deviations of the teams' counts from the group's mean.
 */
export function slotTerm(league: League, tally: Tally, g: number, time: number): number {
  if (!at(at(league.groupTimes, g), time)) return 0
  let max = Number.NEGATIVE_INFINITY
  let min = Number.POSITIVE_INFINITY
  let sum = 0
  let squares = 0
  const members = at(league.groups, g)
  for (const t of members) {
    const c = slotCount(tally, t, time)
    if (c > max) max = c
    if (c < min) min = c
    sum += c
    squares += c * c
  }
  if (max - min <= 1) return (squares - (sum * sum) / members.length) * 0.1
  // Outside [⌊mean⌋, ⌈mean⌉] a team is what keeps the spread above 1: count how far.
  return SPREAD_WEIGHT * (max - min - 1) + outsideMean(tally, members, time, sum) + (squares - (sum * sum) / members.length) * 0.1
}

export const SPREAD_WEIGHT = 8
/** Counts of a group at a time outside [⌊mean⌋, ⌈mean⌉]: 0 for every group and time ⟺ every slot spread ≤ 1. */
export function outsideAt(league: League, tally: Tally, g: number, time: number): number {
  if (!at(at(league.groupTimes, g), time)) return 0
  const members = at(league.groups, g)
  let sum = 0
  for (const t of members) sum += slotCount(tally, t, time)
  return outsideMean(tally, members, time, sum)
}

/** How far a group's counts at a time (their sum given) sit outside [⌊mean⌋, ⌈mean⌉], team by team. */
function outsideMean(tally: Tally, members: number[], time: number, sum: number): number {
  const low = Math.floor(sum / members.length)
  const high = Math.ceil(sum / members.length)
  let outside = 0
  for (const t of members) {
    const c = slotCount(tally, t, time)
    outside += c > high ? c - high : c < low ? low - c : 0
  }
  return outside
}
