// The season's result: the games with home and away levelled, and the slots left open.

import { add, at } from '../at.ts'
import { type Fixture, type League, type NightPlan, pairName } from './model.ts'
import type { OpenSlot, ScheduledGame, ScheduleWeek } from './types.ts'

/** The free slots of each night left without a game, and why (nightTargets). */
export function openSlots(nights: NightPlan[]): OpenSlot[] {
  const open: OpenSlot[] = []
  for (const plan of nights) {
    const slots = [...new Set(plan.week.slots)].sort()
    const empty = slots.filter((_, p) => plan.night.free[p] && !plan.games[p])
    const heldBack = plan.limit ? plan.limit.full - plan.limit.target : 0
    empty.forEach((time, k) => {
      const reason =
        k < heldBack
          ? 'Left open: another double-header this night would put some teams more than one game or double-header ahead of others over the season (the others cannot play two slots back to back).'
          : 'Left open: not enough teams can play this night to fill it (a team plays at most twice, back to back).'
      open.push({ weekIndex: plan.week.index, date: plan.week.date, time, reason })
    })
  }
  return open
}

export function seasonGames(league: League, nights: NightPlan[], fixtures: Fixture[]): ScheduledGame[] {
  const edges: { home: number; away: number; fixed: boolean; week: ScheduleWeek; time: string }[] = []
  for (const f of fixtures) edges.push({ home: f.home, away: f.away, fixed: true, week: f.week, time: f.game.time })
  for (const plan of nights) {
    const slots = [...new Set(plan.week.slots)].sort()
    plan.games.forEach((g, p) => {
      if (!g) return
      const sides = plan.sides.get(pairName(g)) ?? { home: g[0], away: g[1] }
      edges.push({ ...sides, fixed: false, week: plan.week, time: at(slots, p) })
    })
  }
  balanceHomeAway(league.n, edges)
  return edges
    .map((e) => ({
      weekIndex: e.week.index,
      date: e.week.date,
      time: e.time,
      homeId: at(league.teams, e.home).id,
      awayId: at(league.teams, e.away).id,
      fixed: e.fixed,
    }))
    .sort((a, b) => a.weekIndex - b.weekIndex || a.time.localeCompare(b.time))
}

/**
 * Home minus away within 1 for every team when the kept games allow it: while a team is 2 or
 * more up, flip a path of generated games from it to a team that is down (augmenting path).
 */
export function balanceHomeAway(n: number, edges: { home: number; away: number; fixed: boolean }[]) {
  const lead = new Int32Array(n)
  const touching: number[][] = Array.from({ length: n }, () => [])
  edges.forEach((e, i) => {
    add(lead, e.home)
    add(lead, e.away, -1)
    if (!e.fixed) {
      at(touching, e.home).push(i)
      at(touching, e.away).push(i)
    }
  })
  const stuck = new Uint8Array(n)
  for (let guard = 0; guard < edges.length * 4 + n; guard++) {
    let from = -1
    for (let t = 0; t < n; t++)
      if (!stuck[t] && Math.abs(at(lead, t)) >= 2 && (from === -1 || Math.abs(at(lead, t)) > Math.abs(at(lead, from)))) from = t
    if (from === -1) return
    const up = at(lead, from) > 0
    // Walk edges where the current team has the side to give away (home when up, away when down).
    const via = new Int32Array(n).fill(-1)
    const seen = new Uint8Array(n)
    seen[from] = 1
    const queue = [from]
    let to = -1
    while (queue.length && to === -1) {
      const t = queue.shift()!
      for (const i of at(touching, t)) {
        const e = at(edges, i)
        if ((up ? e.home : e.away) !== t) continue
        const other = up ? e.away : e.home
        if (seen[other]) continue
        seen[other] = 1
        via[other] = i
        if (up ? at(lead, other) <= -1 : at(lead, other) >= 1) {
          to = other
          break
        }
        queue.push(other)
      }
    }
    if (to === -1) {
      stuck[from] = 1
      continue
    }
    for (let t = to; t !== from; ) {
      const e = at(edges, at(via, t))
      const back = t === e.home ? e.away : e.home
      ;[e.home, e.away] = [e.away, e.home]
      t = back
    }
    add(lead, from, up ? -2 : 2)
    add(lead, to, up ? 2 : -2)
  }
}
