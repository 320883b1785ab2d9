// docs/reference/schedule-builder.md's measures for any schedule: the product's fairness table, the benchmark and the
// tests all read them from here.

import { at } from '../at.ts'
import { spreadBounds } from './bounds.ts'
import type { FairnessReport, FixedGame, HardViolation, ScheduledGame, ScheduleInput, TeamFairness } from './types.ts'

type GameLike = Pick<ScheduledGame, 'weekIndex' | 'time' | 'homeId' | 'awayId'> & { date?: string }

const teamLabel = (input: ScheduleInput, id: number) => input.teams.find((t) => t.id === id)?.name ?? `team ${id}`

/** Every broken hard rule (docs/reference/schedule-builder.md "Hard rules"); empty for a valid schedule. */
export function hardViolations(input: ScheduleInput, games: GameLike[]): HardViolation[] {
  const violations: HardViolation[] = []
  const weeks = new Map(input.weeks.map((w) => [w.index, w]))
  const unavailable = new Map(input.teams.map((t) => [t.id, new Set(t.unavailableSlots)]))
  const atTime = new Map<string, number>()
  const nightPairs = new Map<string, number>()
  for (const game of games) {
    const week = weeks.get(game.weekIndex)
    const date = week?.date ?? game.date ?? null
    const where = `${date ?? `week ${game.weekIndex}`} ${game.time}`
    const base = { weekIndex: game.weekIndex, date, time: game.time }
    if (!week || week.off) {
      violations.push({
        ...base,
        rule: 'week-off',
        teamIds: [game.homeId, game.awayId],
        message: `A game is scheduled on ${date ?? `week ${game.weekIndex}`}, which is not a playing week.`,
      })
    }
    for (const id of [game.homeId, game.awayId]) {
      const key = `${game.weekIndex}|${game.time}|${id}`
      atTime.set(key, (atTime.get(key) ?? 0) + 1)
      if (atTime.get(key) === 2) {
        violations.push({
          ...base,
          rule: 'clash',
          teamIds: [id],
          message: `${teamLabel(input, id)} plays two games at ${where}.`,
        })
      }
      if (unavailable.get(id)?.has(game.time)) {
        violations.push({
          ...base,
          rule: 'unavailable',
          teamIds: [id],
          message: `${teamLabel(input, id)} is unavailable at ${game.time} but plays on ${where}.`,
        })
      }
    }
    const [a, b] = game.homeId < game.awayId ? [game.homeId, game.awayId] : [game.awayId, game.homeId]
    const pairKey = `${game.weekIndex}|${a}|${b}`
    nightPairs.set(pairKey, (nightPairs.get(pairKey) ?? 0) + 1)
    if (nightPairs.get(pairKey) === 2) {
      violations.push({
        ...base,
        rule: 'rematch',
        teamIds: [a, b],
        message: `${teamLabel(input, a)} and ${teamLabel(input, b)} meet twice on ${date ?? `week ${game.weekIndex}`}.`,
      })
    }
  }
  const kept = new Map<string, number>()
  const fixedKey = (g: GameLike | FixedGame) => `${g.weekIndex}|${g.time}|${g.homeId}|${g.awayId}`
  for (const game of games) kept.set(fixedKey(game), (kept.get(fixedKey(game)) ?? 0) + 1)
  for (const fixed of input.fixed ?? []) {
    const left = kept.get(fixedKey(fixed)) ?? 0
    if (left > 0) kept.set(fixedKey(fixed), left - 1)
    else {
      violations.push({
        rule: 'lost-game',
        weekIndex: fixed.weekIndex,
        date: weeks.get(fixed.weekIndex)?.date ?? null,
        time: fixed.time,
        teamIds: [fixed.homeId, fixed.awayId],
        message: `The played or locked game ${teamLabel(input, fixed.homeId)} v ${teamLabel(input, fixed.awayId)} on week ${fixed.weekIndex} at ${fixed.time} was changed or removed.`,
      })
    }
  }
  return violations
}

/**
 * Carry-over effect Σ c_ij² (docs/reference/schedule-builder.md): c_ij counts the times a team plays j right after
 * playing i, each team's games in order, its last game followed by its first.
 */
export function carryOver(input: ScheduleInput, games: GameLike[]): number {
  return carryOverCounts(input, games).sum
}

function carryOverCounts(input: ScheduleInput, games: GameLike[]): { sum: number; transitions: number } {
  const order = new Map(input.weeks.map((w) => [w.index, w.index]))
  const sequence = new Map<number, { at: string; opponent: number }[]>()
  for (const g of games) {
    const at = `${String(order.get(g.weekIndex) ?? g.weekIndex).padStart(6, '0')}|${g.time}`
    for (const [team, opponent] of [
      [g.homeId, g.awayId],
      [g.awayId, g.homeId],
    ] as const) {
      const list = sequence.get(team) ?? []
      list.push({ at, opponent })
      sequence.set(team, list)
    }
  }
  const counts = new Map<string, number>()
  for (const list of sequence.values()) {
    list.sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0))
    if (list.length < 2) continue
    for (const [k, { opponent: i }] of list.entries()) {
      const j = at(list, (k + 1) % list.length).opponent
      if (i === j) continue
      counts.set(`${i}|${j}`, (counts.get(`${i}|${j}`) ?? 0) + 1)
    }
  }
  let sum = 0
  let transitions = 0
  for (const c of counts.values()) {
    sum += c * c
    transitions += c
  }
  return { sum, transitions }
}

/** The least Σ c² for this many carry-overs spread over n(n − 1) ordered pairs. */
function carryOverBound(teams: number, transitions: number): number {
  const cells = teams * (teams - 1)
  if (cells === 0) return 0
  const q = Math.floor(transitions / cells)
  const r = transitions % cells
  return r * (q + 1) ** 2 + (cells - r) * q * q
}

/** Teams grouped by the exact set of season slot times they can play (docs/reference/schedule-builder.md slot spread). */
export function availabilityGroups(input: ScheduleInput): { times: string[]; groups: { teamIds: number[]; times: string[] }[] } {
  const times = [...new Set(input.weeks.filter((w) => !w.off).flatMap((w) => w.slots))].sort()
  const byKey = new Map<string, { teamIds: number[]; times: string[] }>()
  for (const team of input.teams) {
    const open = times.filter((s) => !team.unavailableSlots.includes(s))
    const key = open.join(',')
    const group = byKey.get(key) ?? { teamIds: [], times: open }
    group.teamIds.push(team.id)
    byKey.set(key, group)
  }
  return { times, groups: [...byKey.values()] }
}

export function measure(input: ScheduleInput, games: GameLike[]): FairnessReport {
  const playing = [...input.weeks].filter((w) => !w.off).sort((a, b) => a.index - b.index)
  const { times, groups } = availabilityGroups(input)
  const rows = new Map<number, TeamFairness>()
  for (const team of input.teams) {
    rows.set(team.id, {
      teamId: team.id,
      games: 0,
      byes: 0,
      doubleHeaders: 0,
      home: 0,
      away: 0,
      perSlot: Object.fromEntries(times.map((s) => [s, 0])),
      consecutiveByes: 0,
      doubleHeaderWait: 0,
    })
  }
  const nightly = new Map<string, number[]>() // `${week}|${team}` → slot positions
  const weekByIndex = new Map(input.weeks.map((w) => [w.index, w]))
  for (const g of games) {
    const home = rows.get(g.homeId)
    const away = rows.get(g.awayId)
    if (home) home.home++
    if (away) away.away++
    for (const row of [home, away]) {
      if (!row) continue
      row.games++
      row.perSlot[g.time] = (row.perSlot[g.time] ?? 0) + 1
      const week = weekByIndex.get(g.weekIndex)
      const position = week ? [...week.slots].sort().indexOf(g.time) : -1
      const key = `${g.weekIndex}|${row.teamId}`
      nightly.set(key, [...(nightly.get(key) ?? []), position])
    }
  }
  let teamsWithConsecutiveByes = 0
  for (const row of rows.values()) {
    let previousBye = false
    for (const week of playing) {
      const positions = nightly.get(`${week.index}|${row.teamId}`) ?? []
      const bye = positions.length === 0
      if (bye) row.byes++
      if (bye && previousBye) row.consecutiveByes++
      previousBye = bye
      if (positions.length >= 2) {
        row.doubleHeaders++
        const sorted = positions.filter((p) => p >= 0).sort((a, b) => a - b)
        for (let k = 1; k < sorted.length; k++)
          row.doubleHeaderWait = Math.max(row.doubleHeaderWait, at(sorted, k) - at(sorted, k - 1) - 1)
      }
    }
    if (row.consecutiveByes > 0) teamsWithConsecutiveByes++
  }
  const list = [...rows.values()]
  const spread = (values: number[]) => (values.length ? Math.max(...values) - Math.min(...values) : 0)
  const levelBound = (values: number[]) => (values.reduce((a, b) => a + b, 0) % Math.max(values.length, 1) === 0 ? 0 : 1)
  let slot = { value: 0, time: null as string | null }
  let slotBound = 0
  const slotByTime: Record<string, number> = Object.fromEntries(times.map((s) => [s, 0]))
  for (const group of groups) {
    for (const time of group.times) {
      const counts = group.teamIds.map((id) => rows.get(id)?.perSlot[time] ?? 0)
      const value = spread(counts)
      if (value > slot.value) slot = { value, time }
      slotBound = Math.max(slotBound, levelBound(counts))
      slotByTime[time] = Math.max(slotByTime[time] ?? 0, levelBound(counts))
    }
  }
  const coe = carryOverCounts(input, games)
  // Level when the totals divide evenly, else 1 — or more where unavailability forces it (bounds.ts).
  const forced = spreadBounds(input, games)
  return {
    teams: list,
    spreads: {
      games: spread(list.map((r) => r.games)),
      byes: spread(list.map((r) => r.byes)),
      doubleHeaders: spread(list.map((r) => r.doubleHeaders)),
      slot,
      homeAwayImbalance: Math.max(0, ...list.map((r) => Math.abs(r.home - r.away))),
      doubleHeaderWait: Math.max(0, ...list.map((r) => r.doubleHeaderWait)),
      consecutiveByes: teamsWithConsecutiveByes,
    },
    carryOver: coe.sum,
    bestPossible: {
      games: Math.max(levelBound(list.map((r) => r.games)), forced.games),
      byes: Math.max(levelBound(list.map((r) => r.byes)), forced.byes),
      doubleHeaders: Math.max(levelBound(list.map((r) => r.doubleHeaders)), forced.doubleHeaders),
      slot: slotBound,
      slotByTime,
      homeAwayImbalance: list.some((r) => r.games % 2 === 1) ? 1 : 0,
      doubleHeaderWait: 0,
      consecutiveByes: 0,
      carryOver: carryOverBound(input.teams.length, coe.transitions),
    },
    hardViolations: hardViolations(input, games),
  }
}
