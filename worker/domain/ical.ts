// iCalendar (RFC 5545) feeds of a league's or a team's schedule. Pure: plain data in, text out.
import { LEAGUE_TIME_ZONE } from './time'
import { vtimezone } from './zone'

export interface CalendarEvent {
  uid: string
  summary: string
  description?: string
  location?: string | null
  url?: string
  /** Local league date and time (yyyy-MM-dd, HH:mm); without a time the event is all-day. */
  date: string
  time?: string | null
  durationMinutes?: number
}

/** TEXT escaping (RFC 5545 §3.3.11). */
export const escapeText = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    // Any line break — CRLF, a bare CR or LF, Unicode separators — is an escaped newline, never a
    // new content line; other control characters are dropped (RFC 5545 3.3.11).
    .replace(/\r\n|[\r\n\u2028\u2029]/g, '\\n')
    .replace(/\p{Cc}/gu, '')

/** Folds a content line at 75 octets with CRLF + space (§3.1), never splitting a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder()
  if (encoder.encode(line).length <= 75) return line
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const ch of line) {
    const bytes = encoder.encode(ch).length
    const limit = parts.length === 0 ? 75 : 74
    if (size + bytes > limit) {
      parts.push(current)
      current = ''
      size = 0
    }
    current += ch
    size += bytes
  }
  parts.push(current)
  return parts.join('\r\n ')
}

const compactDate = (date: string) => date.replaceAll('-', '')
const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

function localDateTime(date: string, time: string, plusMinutes = 0): string {
  const [h = 0, m = 0] = time.split(':').map(Number)
  const total = h * 60 + m + plusMinutes
  const day = total >= 24 * 60 ? nextDay(date) : date
  const minutes = total % (24 * 60)
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0')
  const mm = String(minutes % 60).padStart(2, '0')
  return `${compactDate(day)}T${hh}${mm}00`
}

/** The years a feed's zone must describe: those of its timed events (a year around the stamp without any). */
function yearsOf(events: CalendarEvent[], stamp: string): [number, number] {
  const years = events.filter((e) => e.time).map((e) => Number(e.date.slice(0, 4)))
  if (years.length === 0) {
    const year = Number(stamp.slice(0, 4))
    return [year, year]
  }
  return [Math.min(...years), Math.max(...years)]
}

/**
 * A whole calendar. `stamp` is the DTSTAMP instant (ISO) shared by every event; `zone` is the
 * organization's time zone, whose VTIMEZONE is generated from its own rules over the years the
 * events span (RFC 5545 §3.6.5: a TZID needs its VTIMEZONE).
 */
export function buildCalendar(name: string, events: CalendarEvent[], stamp: string, zone: string = LEAGUE_TIME_ZONE): string {
  const dtstamp = `${stamp.replace(/[-:]/g, '').replace(/\.\d+/, '').slice(0, 15)}Z`
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Courtside//League Schedule//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${zone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    ...vtimezone(zone, ...yearsOf(events, stamp)),
  ]
  for (const event of events) {
    lines.push('BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${dtstamp}`)
    if (event.time) {
      lines.push(`DTSTART;TZID=${zone}:${localDateTime(event.date, event.time)}`)
      lines.push(`DTEND;TZID=${zone}:${localDateTime(event.date, event.time, event.durationMinutes ?? 60)}`)
    } else {
      lines.push(`DTSTART;VALUE=DATE:${compactDate(event.date)}`, `DTEND;VALUE=DATE:${compactDate(nextDay(event.date))}`)
      lines.push('TRANSP:TRANSPARENT')
    }
    lines.push(`SUMMARY:${escapeText(event.summary)}`)
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`)
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`)
    if (event.url) lines.push(`URL:${event.url}`)
    lines.push('END:VEVENT')
  }
  lines.push('END:VCALENDAR')
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
