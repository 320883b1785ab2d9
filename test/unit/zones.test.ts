// Time zones and daylight saving (docs/decisions/2026-11-28-time-zones.md): properties over
// northern, southern, no-DST, half-hour and quarter-hour zones, and the VTIMEZONE read back by a
// real calendar library.
import fc from 'fast-check'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { buildCalendar } from '../../worker/domain/ical'
import { weekDate } from '../../worker/domain/time'
import { isTimeZone, offsetAt, resolveLocal, toLocal, transitionsBetween, vtimezone } from '../../worker/domain/zone'

const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'America/Phoenix',
  'Europe/London',
  'Europe/Madrid',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Pacific/Chatham',
] as const

const zone = fc.constantFrom(...ZONES)
// 2000-01-01 .. 2040-01-01, to the minute
const instant = fc.integer({ min: 946_684_800_000 / 60_000, max: 2_208_988_800_000 / 60_000 }).map((m) => m * 60_000)
const pad = (n: number) => String(n).padStart(2, '0')
const wall = fc.record({
  y: fc.integer({ min: 2000, max: 2039 }),
  mo: fc.integer({ min: 1, max: 12 }),
  d: fc.integer({ min: 1, max: 28 }),
  h: fc.integer({ min: 0, max: 23 }),
  mi: fc.integer({ min: 0, max: 59 }),
})
const dateOf = (w: { y: number; mo: number; d: number }) => `${w.y}-${pad(w.mo)}-${pad(w.d)}`
const timeOf = (w: { h: number; mi: number }) => `${pad(w.h)}:${pad(w.mi)}`
const minutesBetween = (a: { date: string; time: string }, b: { date: string; time: string }) =>
  (Date.parse(`${b.date}T${b.time}:00Z`) - Date.parse(`${a.date}T${a.time}:00Z`)) / 60_000

describe('local time ↔ instant', () => {
  it('knows IANA names and refuses others', () => {
    for (const z of ZONES) expect(isTimeZone(z)).toBe(true)
    for (const bad of ['', 'Mars/Olympus', 'PST8PDT; DROP', 'America/Los Angeles', 'x'.repeat(80)]) {
      expect(isTimeZone(bad)).toBe(false)
    }
  })

  it('reads fixed offsets: Kolkata +5:30, Chatham +12:45/+13:45, Phoenix −7 all year', () => {
    expect(offsetAt('Asia/Kolkata', Date.UTC(2026, 0, 1))).toBe(330)
    expect(offsetAt('Pacific/Chatham', Date.UTC(2026, 6, 1))).toBe(765)
    expect(offsetAt('Pacific/Chatham', Date.UTC(2026, 0, 1))).toBe(825)
    expect(offsetAt('America/Phoenix', Date.UTC(2026, 0, 1))).toBe(-420)
    expect(offsetAt('America/Phoenix', Date.UTC(2026, 6, 1))).toBe(-420)
  })

  it('every instant reads back to itself, or to the earlier of two when its wall time is shown twice', () => {
    fc.assert(
      fc.property(zone, instant, (z, ms) => {
        const local = toLocal(ms, z)
        const back = resolveLocal(local.date, local.time, z)
        expect(back.ok).toBe(true)
        if (!back.ok) return
        const backMs = Date.parse(back.instant)
        if (back.ambiguous) {
          expect(backMs).toBeLessThanOrEqual(ms)
          expect(toLocal(backMs, z)).toEqual(local)
        } else {
          expect(backMs).toBe(ms)
        }
      }),
      { numRuns: 3000 },
    )
  })

  it('a wall time either exists and shows itself, or lies in a gap whose first valid time is the next one that exists', () => {
    fc.assert(
      fc.property(zone, wall, (z, w) => {
        const date = dateOf(w)
        const time = timeOf(w)
        const resolved = resolveLocal(date, time, z)
        if (resolved.ok) {
          expect(toLocal(resolved.instant, z)).toEqual({ date, time })
          return
        }
        const next = resolved.nextValid
        const gap = minutesBetween({ date, time }, next)
        // Gaps in these zones are an hour (or 30 minutes in Lord Howe-like zones): never more than two.
        expect(gap).toBeGreaterThan(0)
        expect(gap).toBeLessThanOrEqual(120)
        const after = resolveLocal(next.date, next.time, z)
        expect(after.ok).toBe(true)
        // the minute before the first valid time is still in the gap
        const before = toLocal(Date.parse(`${next.date}T${next.time}:00Z`) - 60_000, 'UTC')
        expect(resolveLocal(before.date, before.time, z).ok).toBe(false)
      }),
      { numRuns: 5000 },
    )
  })

  it('weekly games across a change keep their wall time: 19:00 stays 19:00 in every zone', () => {
    fc.assert(
      fc.property(zone, wall, fc.integer({ min: 1, max: 30 }), (z, w, weeks) => {
        const start = dateOf(w)
        for (let i = 0; i < weeks; i++) {
          const date = weekDate(start, i)
          const resolved = resolveLocal(date, '19:00', z)
          expect(resolved.ok).toBe(true)
          if (resolved.ok) expect(toLocal(resolved.instant, z)).toEqual({ date, time: '19:00' })
        }
      }),
      { numRuns: 300 },
    )
  })

  it('names the gap and the overlap of the changes that matter', () => {
    // Madrid springs forward on the last Sunday of March at 02:00 → 03:00
    expect(resolveLocal('2026-03-29', '02:30', 'Europe/Madrid')).toEqual({
      ok: false,
      nextValid: { date: '2026-03-29', time: '03:00' },
    })
    expect(resolveLocal('2026-03-29', '19:00', 'Europe/Madrid')).toMatchObject({ ok: true, instant: '2026-03-29T17:00:00.000Z' })
    expect(resolveLocal('2026-03-22', '19:00', 'Europe/Madrid')).toMatchObject({ ok: true, instant: '2026-03-22T18:00:00.000Z' })
    // Los Angeles falls back on the first Sunday of November: 01:30 happens twice; the first is PDT
    expect(resolveLocal('2026-11-01', '01:30', 'America/Los_Angeles')).toEqual({
      ok: true,
      instant: '2026-11-01T08:30:00.000Z',
      ambiguous: true,
    })
    // Sydney springs forward on the first Sunday of October (southern summer)
    expect(resolveLocal('2026-10-04', '02:15', 'Australia/Sydney')).toEqual({
      ok: false,
      nextValid: { date: '2026-10-04', time: '03:00' },
    })
    // Chatham springs forward at 02:45 on the last Sunday of September
    expect(resolveLocal('2026-09-27', '03:00', 'Pacific/Chatham')).toEqual({
      ok: false,
      nextValid: { date: '2026-09-27', time: '03:45' },
    })
    // Phoenix and Kolkata have no gap at all
    expect(resolveLocal('2026-03-08', '02:30', 'America/Phoenix').ok).toBe(true)
    expect(resolveLocal('2026-03-29', '02:30', 'Asia/Kolkata').ok).toBe(true)
  })

  it('finds two changes a year where there is daylight saving and none where there is not', () => {
    const year = (z: string) => transitionsBetween(z, Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))
    expect(year('Europe/Madrid').map((t) => new Date(t.at).toISOString())).toEqual([
      '2026-03-29T01:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
    ])
    expect(year('America/Phoenix')).toEqual([])
    expect(year('Asia/Kolkata')).toEqual([])
    expect(year('Australia/Sydney')).toHaveLength(2)
  })
})

describe('VTIMEZONE generated from the zone', () => {
  function startsOf(text: string): string[] {
    const calendar = new ICAL.Component(ICAL.parse(text))
    return calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e).startDate.toJSDate().toISOString())
  }

  it('a calendar library reads every game at the instant the zone gives it', () => {
    fc.assert(
      fc.property(zone, fc.array(wall, { minLength: 1, maxLength: 6 }), (z, walls) => {
        const games = walls
          .map((w) => ({ date: dateOf(w), time: timeOf(w) }))
          .map((g) => ({ ...g, resolved: resolveLocal(g.date, g.time, z) }))
          .filter((g) => g.resolved.ok && !g.resolved.ambiguous)
        const events = games.map((g, i) => ({ uid: `g${i}@test`, summary: 'A vs B', date: g.date, time: g.time }))
        const text = buildCalendar('League', events, '2026-11-28T00:00:00Z', z)
        expect(text).toContain(`TZID:${z}`)
        expect(startsOf(text)).toEqual(games.map((g) => (g.resolved.ok ? g.resolved.instant : '')))
      }),
      { numRuns: 200 },
    )
  })

  it('Madrid at 19:00 on the day the clocks change and on an ordinary Sunday: 17:00Z and 18:00Z', () => {
    const text = buildCalendar(
      'Liga',
      [
        { uid: 'a@test', summary: 'A vs B', date: '2026-03-22', time: '19:00' },
        { uid: 'b@test', summary: 'A vs B', date: '2026-03-29', time: '19:00' },
      ],
      '2026-11-28T00:00:00Z',
      'Europe/Madrid',
    )
    expect(startsOf(text)).toEqual(['2026-03-22T18:00:00.000Z', '2026-03-29T17:00:00.000Z'])
    expect(text).toContain('X-WR-TIMEZONE:Europe/Madrid')
    expect(text).not.toContain('America/Los_Angeles')
  })

  it('writes quarter-hour offsets as ±HHMM', () => {
    const lines = vtimezone('Pacific/Chatham', 2026, 2026)
    expect(lines).toContain('TZOFFSETTO:+1345')
    expect(lines).toContain('TZOFFSETTO:+1245')
    expect(vtimezone('Asia/Kolkata', 2026, 2026)).toContain('TZOFFSETTO:+0530')
  })
})
