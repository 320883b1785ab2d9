import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildCalendar, escapeText } from '../../worker/domain/ical'

describe('iCalendar text', () => {
  it('turns every kind of line break into an escaped newline, never a new content line', () => {
    expect(escapeText('a\rb\nc\r\nd\u2028e')).toBe('a\\nb\\nc\\nd\\ne')
    expect(escapeText('bell\u0007 and nul\u0000')).toBe('bell and nul')
  })

  it('keeps a hostile team name inside its own SUMMARY line', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (name) => {
        const calendar = buildCalendar(
          'Feed',
          [
            {
              uid: 'g1@x',
              summary: `${name} vs Others`,
              date: '2025-10-06',
              time: '19:00',
              location: name,
            },
          ],
          '2025-10-01T00:00:00.000Z',
        )
        // Content lines are separated by CRLF; a folded line continues with CRLF + space.
        const lines = calendar.replace(/\r\n /g, '').split('\r\n')
        expect(lines.filter((l) => l.startsWith('BEGIN:VEVENT'))).toHaveLength(1)
        for (const line of lines) expect(line).not.toMatch(/[\r\n]/)
        expect(lines.filter((l) => l.startsWith('SUMMARY:'))).toHaveLength(1)
      }),
    )
  })
})
