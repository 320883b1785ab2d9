// Schedules for real gyms (docs/reference/schedule-builder.md §7): slots are (date, time, court),
// made from each court's weekly hours minus its venue's dated closures; several games are played at
// once on a night's courts. Team blackout dates are hard; team requests (earliest or latest start,
// a preferred venue, not two games the same night) are weighted soft terms, and every request the
// schedule does not meet is listed with why: which game took the slot that would have met it, or
// that no slot that night could. A closed night is re-planned by moving its games into free slots
// while moving as few other games as possible (replanClosed).
//
// Pure: plain data in, plain data out, no I/O; the same input gives the same schedule.

import { assign, BLOCKED } from './hungarian.ts'

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

export interface CourtHours {
  day: string
  from: string
  to: string
}

export interface CourtInfo {
  id: number
  venueId: number
  /** "Venue · Court", as the explanations name the slot. */
  label?: string
  hours: CourtHours[]
}

export interface ClosureInfo {
  venueId: number
  /** null: the whole venue. */
  courtId: number | null
  date: string
  /** Both null: all day. */
  from: string | null
  to: string | null
}

export type RequestKind = 'earliestStart' | 'latestStart' | 'preferredVenue' | 'oneGameANight'

export interface TeamRequestInfo {
  teamId: number
  kind: RequestKind
  time?: string | null
  venueId?: number | null
  reason?: string
}

export interface BlackoutInfo {
  teamId: number
  date: string
  reason?: string
}

/** How much each kind of request weighs against the others (docs/reference/schedule-builder.md §7). */
export const REQUEST_WEIGHTS: Record<RequestKind, number> = {
  earliestStart: 3,
  latestStart: 3,
  preferredVenue: 2,
  oneGameANight: 4,
}

export interface Slot {
  date: string
  time: string
  courtId: number
  venueId: number
}

export interface CourtGame {
  /** The game's id when it exists (a re-plan's games). */
  id?: number
  date: string
  time: string
  courtId: number
  venueId: number
  homeId: number
  awayId: number
}

export interface CourtScheduleInput {
  teams: { id: number; name?: string }[]
  /** The playing nights, one round of games each (yyyy-MM-dd). */
  dates: string[]
  courts: CourtInfo[]
  closures?: ClosureInfo[]
  blackouts?: BlackoutInfo[]
  requests?: TeamRequestInfo[]
  /** A game's length in minutes: a court's hours are cut into starts this far apart. Default 60. */
  gameMinutes?: number
  /** Round robins to draw meetings from (each reversed home and away). Default: as many as the nights need. */
  cycles?: number
  /**
   * Games kept as they are (played, locked): their slots stay taken, their teams busy that night,
   * and each counts as one meeting of its pair in the round-robin stream. Not in the result's games.
   */
  fixed?: CourtGame[]
  /**
   * Times a team can never play, every week (hard; the one-night generator's unavailable slots, so
   * the fairness grid runs through this generator too: docs/schedule-benchmark.md).
   */
  unavailable?: { teamId: number; time: string }[]
  /** New games go only to nights after this date (yyyy-MM-dd, the last played game's): the past keeps its fixed games. */
  fillAfter?: string
}

/** A request the schedule does not meet, and why. */
export interface UnmetRequest {
  teamId: number
  kind: RequestKind
  reason?: string
  /** The game that misses it. */
  game: CourtGame
  /** The slot that would have met it, and the game that took it; null: no slot that night could. */
  takenBy: { slot: Slot; game: CourtGame | null } | null
}

export interface HardViolationInfo {
  rule: 'blackout' | 'unavailable' | 'closedSlot' | 'slotTwice' | 'teamTwiceAtOnce'
  game: CourtGame
}

export interface CourtScheduleResult {
  games: CourtGame[]
  unmet: UnmetRequest[]
  /** Meetings of the round robin no night had room for (a blackout, too few slots). */
  unplaced: { homeId: number; awayId: number }[]
  slots: number
}

// ---- slots ----

export const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
const toClock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
const weekdayOf = (date: string) => DAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] as string

/** Whether a closure covers a game starting at `time` on the court. */
function closedBy(closure: ClosureInfo, slot: Slot, length: number): boolean {
  if (closure.date !== slot.date || closure.venueId !== slot.venueId) return false
  if (closure.courtId !== null && closure.courtId !== slot.courtId) return false
  if (closure.from === null || closure.to === null) return true
  const start = toMinutes(slot.time)
  return start < toMinutes(closure.to) && toMinutes(closure.from) < start + length
}

/** The open slots of the dates: each court's weekly hours cut into games, minus the closures. */
export function openSlots(dates: string[], courts: CourtInfo[], closures: ClosureInfo[] = [], gameMinutes = 60): Slot[] {
  const slots: Slot[] = []
  for (const date of dates) {
    const day = weekdayOf(date)
    for (const court of courts) {
      for (const span of court.hours) {
        if (span.day !== day) continue
        for (let m = toMinutes(span.from); m + gameMinutes <= toMinutes(span.to); m += gameMinutes) {
          const slot = { date, time: toClock(m), courtId: court.id, venueId: court.venueId }
          if (!closures.some((c) => closedBy(c, slot, gameMinutes))) slots.push(slot)
        }
      }
    }
  }
  return slots.sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.time < b.time ? -1 : a.time > b.time ? 1 : a.courtId - b.courtId,
  )
}

// ---- soft terms ----

/** Whether a game in this slot misses one request of its team (oneGameANight is the night's, not the slot's). */
function misses(request: TeamRequestInfo, slot: Slot): boolean {
  if (request.kind === 'earliestStart') return request.time ? slot.time < request.time : false
  if (request.kind === 'latestStart') return request.time ? slot.time > request.time : false
  if (request.kind === 'preferredVenue') return request.venueId ? slot.venueId !== request.venueId : false
  return false
}

function requestsByTeam(requests: TeamRequestInfo[] = []) {
  const byTeam = new Map<number, TeamRequestInfo[]>()
  for (const r of requests) byTeam.set(r.teamId, [...(byTeam.get(r.teamId) ?? []), r])
  return byTeam
}

/** The weighted cost of a game between the teams in this slot. */
function slotCost(byTeam: Map<number, TeamRequestInfo[]>, homeId: number, awayId: number, slot: Slot): number {
  let cost = 0
  for (const teamId of [homeId, awayId])
    for (const r of byTeam.get(teamId) ?? []) if (misses(r, slot)) cost += REQUEST_WEIGHTS[r.kind]
  return cost
}

const blackoutSet = (blackouts: BlackoutInfo[] = []) => new Set(blackouts.map((b) => `${b.teamId}|${b.date}`))

// ---- the generator ----

/** Meetings in round-robin order: cycle c plays round r's pairs, home and away swapped on odd cycles. */
function meetings(teamIds: number[], cycles: number): { homeId: number; awayId: number; round: number }[] {
  const n = teamIds.length
  const size = n % 2 === 0 ? n : n + 1
  const out: { homeId: number; awayId: number; round: number }[] = []
  let round = 0
  for (let c = 0; c < cycles; c++) {
    for (let r = 0; r < size - 1; r++, round++) {
      // The circle method: position size-1 fixed, the rest rotate.
      for (let k = 0; k < size / 2; k++) {
        const a = k === 0 ? size - 1 : (r + k) % (size - 1)
        const b = k === 0 ? r : (r - k + size - 1) % (size - 1)
        if (a >= n || b >= n) continue
        const [h, w] = (k + r + c) % 2 === 0 ? [a, b] : [b, a]
        out.push({ homeId: teamIds[h] as number, awayId: teamIds[w] as number, round })
      }
    }
  }
  return out
}

/**
 * A season on courts: each night plays the earliest meetings of the round-robin stream whose two
 * teams are free (not blacked out, not playing yet that night), as many as the night has slots;
 * the night's games are then put in its slots by a minimum-cost assignment of the requests' weights.
 * Every hard rule holds by construction: blackouts, open slots only, one game per slot, one game
 * per team per night.
 */
export function generateOnCourts(input: CourtScheduleInput): CourtScheduleResult {
  const length = input.gameMinutes ?? 60
  const teamIds = input.teams.map((t) => t.id)
  const slots = openSlots(input.dates, input.courts, input.closures, length)
  const byDate = new Map<string, Slot[]>()
  for (const s of slots) byDate.set(s.date, [...(byDate.get(s.date) ?? []), s])
  const blacked = blackoutSet(input.blackouts)
  const byTeam = requestsByTeam(input.requests)
  const roundsPerCycle = teamIds.length % 2 === 0 ? teamIds.length - 1 : teamIds.length
  const cycles = input.cycles ?? Math.max(1, Math.ceil(input.dates.length / Math.max(1, roundsPerCycle)))
  const pool = meetings(teamIds, cycles)
  const done = new Uint8Array(pool.length)
  // Kept games: each takes its pair's earliest meeting still open (the same home team first).
  const fixed = input.fixed ?? []
  for (const g of fixed) {
    const samePair = (m: (typeof pool)[number]) =>
      (m.homeId === g.homeId && m.awayId === g.awayId) || (m.homeId === g.awayId && m.awayId === g.homeId)
    let at = pool.findIndex((m, i) => !done[i] && m.homeId === g.homeId && m.awayId === g.awayId)
    if (at < 0) at = pool.findIndex((m, i) => !done[i] && samePair(m))
    if (at >= 0) done[at] = 1
  }
  const off = new Set((input.unavailable ?? []).map((u) => `${u.teamId}|${u.time}`))
  const fixedSlots = new Set(fixed.map((g) => `${g.date}|${g.time}|${g.courtId}`))
  const games: CourtGame[] = []
  for (const date of input.dates) {
    if (input.fillAfter && date <= input.fillAfter) continue
    const nightSlots = (byDate.get(date) ?? []).filter((s) => !fixedSlots.has(`${s.date}|${s.time}|${s.courtId}`))
    const busy = new Set<number>(fixed.filter((g) => g.date === date).flatMap((g) => [g.homeId, g.awayId]))
    const chosen: { homeId: number; awayId: number }[] = []
    // The night's games must still fit its slots together when teams have unavailable times: a
    // meeting is taken only if a matching of every chosen game to a slot it may use still exists.
    const owner = new Int32Array(nightSlots.length).fill(-1)
    const usable = (p: { homeId: number; awayId: number }, slot: Slot) =>
      !off.has(`${p.homeId}|${slot.time}`) && !off.has(`${p.awayId}|${slot.time}`)
    const augment = (p: number, seen: Uint8Array): boolean => {
      for (let j = 0; j < nightSlots.length; j++) {
        if (seen[j] || !usable(chosen[p] as (typeof chosen)[number], nightSlots[j] as Slot)) continue
        seen[j] = 1
        if ((owner[j] as number) < 0 || augment(owner[j] as number, seen)) {
          owner[j] = p
          return true
        }
      }
      return false
    }
    for (let i = 0; i < pool.length && chosen.length < nightSlots.length; i++) {
      if (done[i]) continue
      const m = pool[i] as (typeof pool)[number]
      if (busy.has(m.homeId) || busy.has(m.awayId)) continue
      if (blacked.has(`${m.homeId}|${date}`) || blacked.has(`${m.awayId}|${date}`)) continue
      chosen.push(m)
      if (off.size > 0 && !augment(chosen.length - 1, new Uint8Array(nightSlots.length))) {
        chosen.pop()
        continue
      }
      done[i] = 1
      busy.add(m.homeId)
      busy.add(m.awayId)
    }
    const placed = placeNight(byTeam, chosen, nightSlots, off)
    games.push(...placed)
  }
  // Meetings of the first cycle never played are what the season could not hold.
  const firstCycle = pool.length / cycles
  const unplaced = pool.filter((_, i) => i < firstCycle && !done[i]).map(({ homeId, awayId }) => ({ homeId, awayId }))
  // The new games' misses, judged with the kept games in place (a kept game may hold the better slot).
  const unmet = unmetRequests([...fixed, ...games], slots, input.requests ?? []).filter((u) => games.includes(u.game))
  return { games, unmet, unplaced, slots: slots.length }
}

/** The night's games in its slots, at the least weighted cost of missed requests (one game a slot). */
function placeNight(
  byTeam: Map<number, TeamRequestInfo[]>,
  pairs: { homeId: number; awayId: number }[],
  nightSlots: Slot[],
  off: Set<string> = new Set(),
) {
  const cost = pairs.map((p) =>
    nightSlots.map((s) =>
      off.has(`${p.homeId}|${s.time}`) || off.has(`${p.awayId}|${s.time}`)
        ? BLOCKED
        : slotCost(byTeam, p.homeId, p.awayId, s) * 100 + toMinutes(s.time) / 1000,
    ),
  )
  const result = assign(cost, nightSlots.length)
  if (!result) return []
  return pairs.map((p, i) => {
    const s = nightSlots[result.columnOf[i] as number] as Slot
    return { date: s.date, time: s.time, courtId: s.courtId, venueId: s.venueId, homeId: p.homeId, awayId: p.awayId }
  })
}

const sameSlot = (a: Slot, b: Slot) => a.date === b.date && a.time === b.time && a.courtId === b.courtId

/**
 * Every request the games miss, with why: the slot of that night that would have met it (the
 * earliest, for a start time; the nearest in time, else) and the game that took it, or none when no
 * slot of that night could meet it. oneGameANight is missed by a team with two games a night; its
 * "slot" is the second game's.
 */
export function unmetRequests(games: CourtGame[], slots: Slot[], requests: TeamRequestInfo[]): UnmetRequest[] {
  const unmet: UnmetRequest[] = []
  for (const r of requests) {
    const mine = games.filter((g) => g.homeId === r.teamId || g.awayId === r.teamId)
    if (r.kind === 'oneGameANight') {
      const nights = new Map<string, CourtGame[]>()
      for (const g of mine) nights.set(g.date, [...(nights.get(g.date) ?? []), g])
      for (const night of nights.values()) {
        if (night.length < 2) continue
        const second = [...night].sort((a, b) => (a.time < b.time ? -1 : 1))[1] as CourtGame
        unmet.push({ teamId: r.teamId, kind: r.kind, reason: r.reason, game: second, takenBy: null })
      }
      continue
    }
    for (const g of mine) {
      if (!misses(r, g)) continue
      const start = toMinutes(g.time)
      const better = slots
        .filter((s) => s.date === g.date && !misses(r, s))
        .sort((a, b) => Math.abs(toMinutes(a.time) - start) - Math.abs(toMinutes(b.time) - start) || a.courtId - b.courtId)[0]
      const taker = better ? (games.find((o) => sameSlot(o, better)) ?? null) : null
      unmet.push({
        teamId: r.teamId,
        kind: r.kind,
        reason: r.reason,
        game: g,
        takenBy: better ? { slot: better, game: taker } : null,
      })
    }
  }
  return unmet
}

// ---- checks ----

/** Every broken hard rule of the games: a blackout, a closed or unknown slot, a slot used twice, a team in two games at once. */
export function courtHardViolations(
  games: CourtGame[],
  slots: Slot[],
  blackouts: BlackoutInfo[] = [],
  length = 60,
  unavailable: { teamId: number; time: string }[] = [],
): HardViolationInfo[] {
  const out: HardViolationInfo[] = []
  const blacked = blackoutSet(blackouts)
  const off = new Set(unavailable.map((u) => `${u.teamId}|${u.time}`))
  const open = new Set(slots.map((s) => `${s.date}|${s.time}|${s.courtId}`))
  const used = new Set<string>()
  for (const g of games) {
    const key = `${g.date}|${g.time}|${g.courtId}`
    if (blacked.has(`${g.homeId}|${g.date}`) || blacked.has(`${g.awayId}|${g.date}`)) out.push({ rule: 'blackout', game: g })
    if (off.has(`${g.homeId}|${g.time}`) || off.has(`${g.awayId}|${g.time}`)) out.push({ rule: 'unavailable', game: g })
    if (!open.has(key)) out.push({ rule: 'closedSlot', game: g })
    if (used.has(key)) out.push({ rule: 'slotTwice', game: g })
    used.add(key)
  }
  for (let i = 0; i < games.length; i++) {
    const a = games[i] as CourtGame
    for (let j = i + 1; j < games.length; j++) {
      const b = games[j] as CourtGame
      if (a.date !== b.date || Math.abs(toMinutes(a.time) - toMinutes(b.time)) >= length) continue
      if ([a.homeId, a.awayId].some((t) => t === b.homeId || t === b.awayId)) out.push({ rule: 'teamTwiceAtOnce', game: b })
    }
  }
  return out
}

// ---- a closed night re-planned ----

export interface ReplanInput {
  /** The schedule's games as they are (kept games — played, locked — never move: `fixed`). */
  games: (CourtGame & { id: number; fixed?: boolean })[]
  /** Every night games may go to: the schedule's nights, and any make-up date. */
  dates: string[]
  courts: CourtInfo[]
  /** Every closure, the new one included. */
  closures: ClosureInfo[]
  blackouts?: BlackoutInfo[]
  requests?: TeamRequestInfo[]
  gameMinutes?: number
}

export interface Move {
  gameId: number
  homeId: number
  awayId: number
  from: Slot
  to: Slot
  /** True for a game the closure cancelled; false for another game moved to make room. */
  cancelled: boolean
}

export interface ReplanResult {
  moves: Move[]
  /** Cancelled games no free slot could take (the staff choose another make-up date). */
  unplaced: { gameId: number; homeId: number; awayId: number; from: Slot }[]
  cancelled: number
  /** Hard rules the re-planned schedule breaks that the schedule before did not: 0 by construction. */
  newHardViolations: number
}

const slotOf = (g: CourtGame): Slot => ({ date: g.date, time: g.time, courtId: g.courtId, venueId: g.venueId })

/**
 * The games a closure cancels go to free slots (hard rules kept, the fewest soft costs, the nearest
 * night first); a game that fits no free slot takes the slot of another game that can itself move to
 * a free slot (one move more). Only the cancelled games and those displaced ones move: as few other
 * games as the instance allows within one displacement each.
 */
export function replanClosed(input: ReplanInput): ReplanResult {
  const length = input.gameMinutes ?? 60
  const slots = openSlots(input.dates, input.courts, input.closures, length)
  const open = new Set(slots.map((s) => `${s.date}|${s.time}|${s.courtId}`))
  const blacked = blackoutSet(input.blackouts)
  const byTeam = requestsByTeam(input.requests)
  const cancelled = input.games.filter((g) => !g.fixed && !open.has(`${g.date}|${g.time}|${g.courtId}`))
  const staying = input.games.filter((g) => !cancelled.includes(g))
  const before = courtHardViolations(staying, slots, input.blackouts, length).length
  const placed: CourtGame[] = [...staying]
  const key = (s: Slot) => `${s.date}|${s.time}|${s.courtId}`
  const taken = new Set(placed.map(key))
  const fits = (g: { homeId: number; awayId: number; id?: number }, s: Slot, ignore?: CourtGame) => {
    if (blacked.has(`${g.homeId}|${s.date}`) || blacked.has(`${g.awayId}|${s.date}`)) return false
    for (const o of placed) {
      if (o === ignore || o.date !== s.date) continue
      if (Math.abs(toMinutes(o.time) - toMinutes(s.time)) >= length) continue
      if ([o.homeId, o.awayId].some((t) => t === g.homeId || t === g.awayId)) return false
    }
    return true
  }
  /** Soft cost of a game in a slot: the requests missed, a second game that night, the distance in days. */
  const cost = (g: { homeId: number; awayId: number }, s: Slot, from: Slot, ignore?: CourtGame) => {
    let c = slotCost(byTeam, g.homeId, g.awayId, s) * 100
    for (const teamId of [g.homeId, g.awayId]) {
      const twice = placed.some((o) => o !== ignore && o.date === s.date && (o.homeId === teamId || o.awayId === teamId))
      if (twice) c += (byTeam.get(teamId)?.some((r) => r.kind === 'oneGameANight') ? REQUEST_WEIGHTS.oneGameANight : 1) * 100
    }
    const days = Math.abs(Date.parse(`${s.date}T00:00:00Z`) - Date.parse(`${from.date}T00:00:00Z`)) / 86_400_000
    return c + days
  }
  const moves: Move[] = []
  const unplaced: ReplanResult['unplaced'] = []
  const ordered = [...cancelled].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.time < b.time ? -1 : 1))
  // The cancelled games together first (an assignment over the free slots); leftovers one by one.
  const free = slots.filter((s) => !taken.has(key(s)))
  const matrix = ordered.map((g) => free.map((s) => (fits(g, s) ? cost(g, s, slotOf(g)) : BLOCKED)))
  const together = ordered.length <= free.length ? assign(matrix, free.length) : null
  const pending: typeof ordered = []
  for (const [i, g] of ordered.entries()) {
    const column = together?.columnOf[i]
    const s = column === undefined ? undefined : free[column]
    if (!together || !s || (matrix[i]?.[column as number] ?? BLOCKED) >= BLOCKED) {
      pending.push(g)
      continue
    }
    // Two cancelled games of one team at once would pass the matrix: checked again as placed.
    if (!fits(g, s)) {
      pending.push(g)
      continue
    }
    placed.push({ ...g, ...s })
    taken.add(key(s))
    moves.push({ gameId: g.id, homeId: g.homeId, awayId: g.awayId, from: slotOf(g), to: s, cancelled: true })
  }
  for (const g of pending) {
    const from = slotOf(g)
    const direct = slots
      .filter((s) => !taken.has(key(s)) && fits(g, s))
      .map((s) => ({ s, c: cost(g, s, from) }))
      .sort((a, b) => a.c - b.c)[0]
    if (direct) {
      placed.push({ ...g, ...direct.s })
      taken.add(key(direct.s))
      moves.push({ gameId: g.id, homeId: g.homeId, awayId: g.awayId, from, to: direct.s, cancelled: true })
      continue
    }
    // One displacement: another movable game leaves its slot for a free one, and g takes its place.
    let best: { other: CourtGame & { id: number }; into: Slot; c: number } | null = null
    for (const other of placed as (CourtGame & { id: number; fixed?: boolean })[]) {
      if (other.fixed || other.id === undefined || moves.some((m) => m.gameId === other.id)) continue
      const spot = slotOf(other)
      if (!fits(g, spot, other)) continue
      for (const s of slots) {
        if (taken.has(key(s)) || !fits(other, s, other)) continue
        // g takes `spot` as `other` takes s: the two must not share a team at the same time.
        const together = s.date === spot.date && Math.abs(toMinutes(s.time) - toMinutes(spot.time)) < length
        if (together && [g.homeId, g.awayId].some((t) => t === other.homeId || t === other.awayId)) continue
        const c = cost(g, spot, from, other) + cost(other, s, spot, other)
        if (!best || c < best.c) best = { other, into: s, c }
      }
    }
    if (!best) {
      unplaced.push({ gameId: g.id, homeId: g.homeId, awayId: g.awayId, from })
      continue
    }
    const { other, into } = best
    const spot = slotOf(other)
    const index = placed.indexOf(other)
    placed[index] = { ...other, ...into }
    taken.add(key(into))
    placed.push({ ...g, ...spot })
    moves.push({ gameId: other.id, homeId: other.homeId, awayId: other.awayId, from: spot, to: into, cancelled: false })
    moves.push({ gameId: g.id, homeId: g.homeId, awayId: g.awayId, from, to: spot, cancelled: true })
  }
  const after = courtHardViolations(placed, slots, input.blackouts, length).length
  return { moves, unplaced, cancelled: cancelled.length, newHardViolations: Math.max(0, after - before) }
}
