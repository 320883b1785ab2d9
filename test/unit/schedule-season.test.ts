import { describe, expect, it } from 'vitest'
import { seasonForSchedule } from '../../worker/domain/schedule-season'

const fall = { id: 1, startDate: '2025-09-01', finishDate: '2025-12-20', active: true }
const spring = { id: 2, startDate: '2026-03-01', finishDate: '2026-06-30', active: false }
const undated = { id: 3, startDate: null, finishDate: null, active: false }

describe('the season of a schedule whose client names none', () => {
  it('is the league season whose dates hold the start date, active or not', () => {
    expect(seasonForSchedule([fall, spring], '2026-03-02')).toBe(2)
    expect(seasonForSchedule([fall, spring], '2025-10-06')).toBe(1)
  })

  it('falls back to the active season, and is none when the league is not in it', () => {
    expect(seasonForSchedule([fall, spring], '2027-01-04')).toBe(1)
    expect(seasonForSchedule([spring], '2027-01-04')).toBeNull()
    expect(seasonForSchedule([undated, { ...fall, active: false }], '2030-01-01')).toBeNull()
  })

  it('prefers the active season when several hold the date, and honours a named one only if the league is in it', () => {
    const overlap = { id: 4, startDate: '2025-08-01', finishDate: '2026-01-31', active: false }
    expect(seasonForSchedule([overlap, fall], '2025-10-06')).toBe(1)
    expect(seasonForSchedule([fall, spring], '2025-10-06', 2)).toBe(2)
    expect(seasonForSchedule([fall], '2025-10-06', 9)).toBeNull()
  })
})
