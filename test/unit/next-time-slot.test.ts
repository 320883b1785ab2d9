import { describe, expect, it } from 'vitest'
import { nextTimeSlot } from '../../web/src/features/schedule-builder/schedule-grid-rows'

describe('"Add time slot" fills in the next time (web/src/features/schedule-builder/schedule-grid-rows.ts)', () => {
  it('adds an hour to a single time', () => {
    expect(nextTimeSlot(['19:00'])).toBe('20:00')
    expect(nextTimeSlot(['08:30'])).toBe('09:30')
  })

  it('keeps the gap between the last two times', () => {
    expect(nextTimeSlot(['18:00', '19:15'])).toBe('20:30')
    expect(nextTimeSlot(['19:00', '20:00', '20:45'])).toBe('21:30')
  })

  it('falls back to an hour when the last two are out of order or equal', () => {
    expect(nextTimeSlot(['21:00', '19:00'])).toBe('20:00')
    expect(nextTimeSlot(['19:00', '19:00'])).toBe('20:00')
  })

  it('leaves the new slot blank when there is nothing to follow, it would pass midnight, or it is listed', () => {
    expect(nextTimeSlot([])).toBe('')
    expect(nextTimeSlot([''])).toBe('')
    expect(nextTimeSlot(['19:00', 'soon'])).toBe('')
    expect(nextTimeSlot(['23:30'])).toBe('')
    expect(nextTimeSlot(['22:00', '23:00'])).toBe('')
    expect(nextTimeSlot(['20:00', '18:00', '19:00'])).toBe('')
  })
})
