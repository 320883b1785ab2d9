// The day a game is shown on (docs/decisions/2026-11-28-time-zones.md): its stored local date, the
// organization's own day, whatever the zone an instant would be read in.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatGameDate, formatGameDay } from '../../worker/domain/time'
import { resolveLocal } from '../../worker/domain/zone'

const ZONES = ['Europe/Madrid', 'Australia/Sydney', 'Asia/Kolkata', 'America/New_York', 'America/Los_Angeles'] as const
const pad = (n: number) => String(n).padStart(2, '0')

describe("a game's day", () => {
  it('is the stored local date of a game just after midnight in Madrid, not the evening before in Los Angeles or UTC', () => {
    const game = { date: '2026-03-22', time: '00:30', game_dateTime: '2026-03-21T23:30:00.000Z' }
    expect(formatGameDay(game)).toBe('March 22, 2026')
    expect(formatGameDay(game, 'UTC')).toBe('March 22, 2026')
  })

  it('is the local date for every zone and wall time, and the instant read in the zone only without one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 23 }),
        (zone, day, hour) => {
          const date = `2026-03-${pad(day)}`
          const resolved = resolveLocal(date, `${pad(hour)}:00`, zone)
          if (!resolved.ok) return
          const shown = formatGameDate(date)
          // Whatever zone the screen has at hand (its own, Los Angeles, UTC), the day is the league's.
          for (const reader of [zone, 'America/Los_Angeles', 'UTC']) {
            expect(formatGameDay({ date, game_dateTime: resolved.instant }, reader)).toBe(shown)
          }
          expect(formatGameDay({ date: null, game_dateTime: resolved.instant }, zone)).toBe(shown)
        },
      ),
    )
  })

  it('is TBD without a date or an instant', () => {
    expect(formatGameDay({ date: null, game_dateTime: null })).toBe('TBD')
  })
})
