// Schedules for real gyms (docs/reference/schedule-builder.md §7): slots from courts' hours minus
// closures, blackouts hard, requests soft and explained, a closed night re-planned.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type BlackoutInfo,
  type CourtInfo,
  courtHardViolations,
  generateOnCourts,
  openSlots,
  replanClosed,
} from '../../worker/domain/scheduler/courts'
import { weekDate } from '../../worker/domain/time'

const evening = [{ day: 'Monday', from: '18:00', to: '22:00' }]
/** Two venues × two courts, Monday 18:00–22:00: 16 games a night. */
const GRID_COURTS: CourtInfo[] = [
  { id: 11, venueId: 1, hours: evening },
  { id: 12, venueId: 1, hours: evening },
  { id: 21, venueId: 2, hours: evening },
  { id: 22, venueId: 2, hours: evening },
]
const MONDAYS = Array.from({ length: 15 }, (_, i) => weekDate('2027-01-04', i))
const TEAMS = Array.from({ length: 16 }, (_, i) => ({ id: i + 1 }))

/** 10 % of the team-nights blacked out, drawn from a seed. */
function blackoutsOf(seed: number, share = 0.1): BlackoutInfo[] {
  let state = seed >>> 0
  const random = () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 4294967296
  }
  return TEAMS.flatMap((t) => MONDAYS.filter(() => random() < share).map((date) => ({ teamId: t.id, date })))
}

describe('open slots', () => {
  it("cuts each court's weekly hours into games, minus the venue's and the court's closures", () => {
    const slots = openSlots(['2027-01-04', '2027-01-05'], GRID_COURTS.slice(0, 2), [
      { venueId: 1, courtId: 12, date: '2027-01-04', from: null, to: null },
      { venueId: 1, courtId: null, date: '2027-01-04', from: '20:30', to: '21:00' },
    ])
    expect(slots.map((s) => `${s.time}@${s.courtId}`)).toEqual(['18:00@11', '19:00@11', '21:00@11'])
  })
})

describe('the generator across venues and courts', () => {
  it('keeps every hard rule on 2 venues × 2 courts with 10 % blackout dates, whatever the draw', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (seed) => {
        const blackouts = blackoutsOf(seed)
        const input = { teams: TEAMS, dates: MONDAYS, courts: GRID_COURTS, blackouts }
        const result = generateOnCourts(input)
        const slots = openSlots(MONDAYS, GRID_COURTS)
        expect(courtHardViolations(result.games, slots, blackouts)).toEqual([])
        // Several games at once: a night's games share start times across the courts.
        const first = result.games.filter((g) => g.date === MONDAYS[0])
        expect(new Set(first.map((g) => g.time)).size).toBeLessThan(first.length)
      }),
      { numRuns: 20 },
    )
  })

  it('keeps every hard rule on one court a night as the fairness grid has it (4 to 9 teams, 1 to 4 slots)', () => {
    for (let n = 4; n <= 9; n++) {
      for (let hours = 1; hours <= 4; hours++) {
        const courts = [{ id: 1, venueId: 1, hours: [{ day: 'Monday', from: '18:00', to: `${18 + hours}:00` }] }]
        const teams = TEAMS.slice(0, n)
        const result = generateOnCourts({ teams, dates: MONDAYS.slice(0, 10), courts })
        expect(courtHardViolations(result.games, openSlots(MONDAYS.slice(0, 10), courts), [])).toEqual([])
        expect(result.games.length).toBe(Math.min(hours, Math.floor(n / 2)) * 10)
      }
    }
  })

  it('lists every unmet request with the game that took the slot that would have met it', () => {
    const courts = [{ id: 1, venueId: 1, hours: [{ day: 'Monday', from: '18:00', to: '20:00' }] }]
    const teams = TEAMS.slice(0, 4)
    // Teams 1 and 2 both want the late game; on a night they do not meet, one of them cannot have it.
    const requests = [
      { teamId: 1, kind: 'earliestStart' as const, time: '19:00', reason: 'Work' },
      { teamId: 2, kind: 'earliestStart' as const, time: '19:00', reason: 'Bus' },
    ]
    const result = generateOnCourts({ teams, dates: MONDAYS.slice(0, 3), courts, requests })
    expect(result.unmet.length).toBeGreaterThan(0)
    for (const miss of result.unmet) {
      expect(miss.game.time).toBe('18:00')
      expect(miss.takenBy?.slot.time).toBe('19:00')
      expect(miss.takenBy?.game).toBeTruthy()
      const taker = miss.takenBy?.game
      expect([taker?.homeId, taker?.awayId]).not.toContain(miss.teamId)
    }
    // A team alone with its request always gets it.
    const alone = generateOnCourts({ teams, dates: MONDAYS.slice(0, 3), courts, requests: requests.slice(0, 1) })
    expect(alone.unmet).toEqual([])
  })

  it('honours a preferred venue when a slot there is free, and says so when none is', () => {
    const requests = [{ teamId: 3, kind: 'preferredVenue' as const, venueId: 2, reason: 'Closest' }]
    const result = generateOnCourts({ teams: TEAMS, dates: MONDAYS.slice(0, 4), courts: GRID_COURTS, requests })
    expect(result.unmet).toEqual([])
    const closed = [{ venueId: 2, courtId: null, date: MONDAYS[0] as string, from: null, to: null }]
    const without = generateOnCourts({
      teams: TEAMS,
      dates: MONDAYS.slice(0, 1),
      courts: GRID_COURTS,
      closures: closed,
      requests,
    })
    expect(without.unmet).toEqual([expect.objectContaining({ teamId: 3, kind: 'preferredVenue', takenBy: null })])
  })
})

describe('the generator around kept games (docs/decisions/2026-11-29-courts-around-kept-games.md)', () => {
  it('keeps fixed games, fills only the nights after the last played one, with 0 hard violations and balanced meetings', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 1, max: 10 }), (seed, weeks) => {
        const blackouts = blackoutsOf(seed)
        const first = generateOnCourts({ teams: TEAMS, dates: MONDAYS, courts: GRID_COURTS, blackouts })
        const lastPlayed = MONDAYS[weeks - 1] as string
        // The first `weeks` nights were played; one later game was locked.
        const played = first.games.filter((g) => g.date <= lastPlayed)
        const locked = first.games.filter((g) => g.date > lastPlayed).slice(0, 1)
        const fixed = [...played, ...locked]
        const again = generateOnCourts({
          teams: TEAMS,
          dates: MONDAYS,
          courts: GRID_COURTS,
          blackouts,
          fixed,
          fillAfter: lastPlayed,
        })
        expect(again.games.every((g) => g.date > lastPlayed)).toBe(true)
        const all = [...fixed, ...again.games]
        expect(courtHardViolations(all, openSlots(MONDAYS, GRID_COURTS), blackouts)).toEqual([])
        // One game a team a night, kept games included.
        for (const date of MONDAYS) {
          const teams = all.filter((g) => g.date === date).flatMap((g) => [g.homeId, g.awayId])
          expect(new Set(teams).size).toBe(teams.length)
        }
        // No pair meets twice before every pair has met once (15 nights, 16 teams: one round robin).
        const met = new Map<string, number>()
        for (const g of all)
          met.set([g.homeId, g.awayId].sort().join('-'), (met.get([g.homeId, g.awayId].sort().join('-')) ?? 0) + 1)
        expect(Math.max(...met.values())).toBe(1)
      }),
      { numRuns: 15 },
    )
  })
})

describe('a closed night re-planned', () => {
  it('moves the cancelled games into free slots, few others, with no new hard violation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 1, max: 13 }), (seed, week) => {
        const blackouts = blackoutsOf(seed)
        const plan = generateOnCourts({ teams: TEAMS, dates: MONDAYS, courts: GRID_COURTS, blackouts })
        const games = plan.games.map((g, i) => ({ ...g, id: i + 1 }))
        const closedDate = MONDAYS[week] as string
        const makeUp = weekDate('2027-01-04', 15)
        const closures = [{ venueId: 1, courtId: null, date: closedDate, from: null, to: null }]
        const result = replanClosed({ games, dates: [...MONDAYS, makeUp], courts: GRID_COURTS, closures, blackouts })
        const cancelled = games.filter((g) => g.date === closedDate && g.venueId === 1).length
        expect(result.cancelled).toBe(cancelled)
        expect(result.unplaced).toEqual([])
        expect(result.newHardViolations).toBe(0)
        const others = result.moves.filter((m) => !m.cancelled).length
        expect(others).toBeLessThanOrEqual(cancelled + 2)
        const after = games.map((g) => {
          const m = result.moves.find((x) => x.gameId === g.id)
          return m ? { ...g, ...m.to } : g
        })
        const slots = openSlots([...MONDAYS, makeUp], GRID_COURTS, closures)
        expect(courtHardViolations(after, slots, blackouts)).toEqual([])
      }),
      { numRuns: 15 },
    )
  })

  it("closes one court's evening: only its games move", () => {
    const plan = generateOnCourts({ teams: TEAMS, dates: MONDAYS.slice(0, 4), courts: GRID_COURTS })
    const games = plan.games.map((g, i) => ({ ...g, id: i + 1 }))
    const closures = [{ venueId: 2, courtId: 22, date: MONDAYS[1] as string, from: '18:00', to: '22:00' }]
    const result = replanClosed({ games, dates: MONDAYS.slice(0, 4), courts: GRID_COURTS, closures })
    const cancelledIds = games.filter((g) => g.date === MONDAYS[1] && g.courtId === 22).map((g) => g.id)
    expect(
      result.moves
        .filter((m) => m.cancelled)
        .map((m) => m.gameId)
        .sort(),
    ).toEqual(cancelledIds.sort())
    for (const m of result.moves) expect(m.to.courtId === 22 && m.to.date === MONDAYS[1]).toBe(false)
  })
})

describe('RobinX: schedules on courts with blackout dates (docs/robinx.md)', () => {
  it('exports blackouts as CA1 and the validator passes every generated schedule of the venue grid, and catches a broken one', async () => {
    const { exportRobinx } = await import('../../worker/domain/robinx')
    const { validateRobinx } = await import('../../worker/domain/robinx-validate')
    for (const seed of [1, 2, 3, 4, 5]) {
      const blackouts = blackoutsOf(seed)
      const plan = generateOnCourts({ teams: TEAMS, dates: MONDAYS, courts: GRID_COURTS, blackouts })
      const times = [...new Set(plan.games.map((g) => g.time))].sort()
      const weeks = MONDAYS.map((date, index) => ({ index, date, slots: times }))
      const teams = TEAMS.map((t) => ({
        id: t.id,
        name: `Team ${t.id}`,
        unavailableSlots: [],
        blackoutDates: blackouts.filter((b) => b.teamId === t.id).map((b) => b.date),
      }))
      const games = plan.games.map((g) => ({
        weekIndex: MONDAYS.indexOf(g.date),
        time: g.time,
        homeId: g.homeId,
        awayId: g.awayId,
      }))
      const ok = exportRobinx({ name: `grid ${seed}`, teams, weeks, games })
      expect(validateRobinx(ok.instance, ok.solution).violations).toEqual([])
      // The same schedule with one game moved onto a team's blackout night: CA1 says so.
      const dark = blackouts.find((b) => MONDAYS.indexOf(b.date) > 0)
      if (!dark) continue
      const index = games.findIndex((g) => g.homeId === dark.teamId || g.awayId === dark.teamId)
      const broken = games.map((g, i) => (i === index ? { ...g, weekIndex: MONDAYS.indexOf(dark.date) } : g))
      const bad = exportRobinx({ name: `broken ${seed}`, teams, weeks, games: broken })
      expect(validateRobinx(bad.instance, bad.solution).violations.map((v) => v.rule)).toContain('CA1')
    }
  })
})

describe('the fairness grid through the court generator (docs/schedule-benchmark.md "The fairness grid on courts")', () => {
  it('generates every instance of the 1,215 with 0 hard violations: court rules, the grid rules and the RobinX validator', async () => {
    const { buildGridInstance, courtGamesOnGrid, fairnessGrid, gridOnCourts } = await import('../../scripts/fairness-grid')
    const { measure } = await import('../../worker/domain/scheduler/index')
    const { exportRobinx } = await import('../../worker/domain/robinx')
    const { validateRobinx } = await import('../../worker/domain/robinx-validate')
    const grid = fairnessGrid()
    expect(grid).toHaveLength(1215)
    const broken: string[] = []
    grid.forEach((spec, i) => {
      const input = buildGridInstance(spec, 1000 + i)
      const courts = gridOnCourts(input)
      const result = generateOnCourts(courts)
      const slots = openSlots(courts.dates, courts.courts, [], 30)
      const games = courtGamesOnGrid(input, result.games)
      const xml = exportRobinx({
        name: `grid ${i}`,
        teams: input.teams.map((t) => ({ ...t, name: t.name ?? `Team ${t.id}` })),
        weeks: input.weeks,
        games,
      })
      const found = [
        ...courtHardViolations(result.games, slots, [], 30, courts.unavailable).map((v) => v.rule),
        ...measure(input, games).hardViolations.map((v) => v.rule),
        ...validateRobinx(xml.instance, xml.solution).violations.map((v) => v.message),
      ]
      if (found.length > 0) broken.push(`${JSON.stringify(spec)}: ${found.slice(0, 3).join(', ')}`)
      // Every night plays as many games as its teams and slots allow, unless unavailable times forbid it.
      if (spec.unavailable === 0)
        for (const date of courts.dates)
          expect(result.games.filter((g) => g.date === date).length).toBeLessThanOrEqual(
            Math.min(spec.slots, Math.floor(spec.n / 2)),
          )
    })
    expect(broken).toEqual([])
  }, 180_000)
})
