// An organization's time zone (an IANA name) and the rules of its wall clock: a local date and
// time to an instant and back, the spring-forward gap and the fall-back overlap, and the zone's
// transitions for a calendar feed's VTIMEZONE (docs/decisions/2026-11-28-time-zones.md).
// Pure, and Intl only: workerd and every browser carry the zone data, so nothing is bundled.

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

const offsetFormats = new Map<string, Intl.DateTimeFormat>()
function offsetFormat(zone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'longOffset',
      year: 'numeric',
    })
    offsetFormats.set(zone, format)
  }
  return format
}

/** Whether `zone` is an IANA time-zone name this runtime knows (links such as US/Pacific included). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false
  try {
    offsetFormat(zone)
    return true
  } catch {
    return false
  }
}

/** The zone's UTC offset in minutes at an instant (ms since the epoch): +60 for Madrid in winter. */
export function offsetAt(zone: string, epochMs: number): number {
  const name = offsetFormat(zone)
    .formatToParts(epochMs)
    .find((p) => p.type === 'timeZoneName')?.value
  // "GMT", "GMT+01:00", "GMT-03:30", "GMT+12:45"; local mean times before 1900 carry seconds.
  const match = name?.match(/^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/)
  if (!match) throw new RangeError(`Unreadable offset "${name}" for ${zone}`)
  if (!match[1]) return 0
  const minutes = Number(match[2]) * 60 + Number(match[3]) + Math.round(Number(match[4] ?? 0) / 60)
  return match[1] === '-' ? -minutes : minutes
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/** The wall clock read as if it were UTC: the arithmetic base of every conversion here. */
function wallMs(date: string, time: string): number {
  const d = date.match(DATE)
  const t = time.match(TIME)
  if (!d || !t) throw new RangeError(`Not a local date and time: ${date} ${time}`)
  return Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]))
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The local date (yyyy-MM-dd) and time (HH:mm) of an instant in a zone. */
export function toLocal(instant: string | number | Date, zone: string): { date: string; time: string } {
  const ms = new Date(instant).getTime()
  const wall = new Date(ms + offsetAt(zone, ms) * MINUTE)
  return {
    date: `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  }
}

export type LocalInstant =
  /** The one instant of the wall time; `ambiguous` when the clock showed it twice (fall back). */
  | { ok: true; instant: string; ambiguous: boolean }
  /** The wall time never happened (spring forward): `nextValid` is the first time after the gap. */
  | { ok: false; nextValid: { date: string; time: string } }

/**
 * The instant a local date and time names in a zone. A time in the spring-forward gap does not
 * exist and is refused with the first valid time after it; a time the clock shows twice at fall
 * back is its first occurrence — the earlier instant, still on summer time — as RFC 5545 §3.3.5
 * reads such a time (docs/decisions/2026-11-28-time-zones.md).
 */
export function resolveLocal(date: string, time: string, zone: string): LocalInstant {
  const wall = wallMs(date, time)
  // Any transition near the wall time lies within a day of it: the offsets a day either side are
  // the only candidates (no zone changes its offset twice in two days).
  const before = offsetAt(zone, wall - DAY)
  const after = offsetAt(zone, wall + DAY)
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE)
    .filter((ms) => offsetAt(zone, ms) * MINUTE === wall - ms)
    .sort((a, b) => a - b)
  const first = candidates[0]
  if (first !== undefined) {
    return { ok: true, instant: new Date(first).toISOString(), ambiguous: candidates.length > 1 }
  }
  // In the gap: the transition lies between the wall time read with the later offset and with the
  // earlier one. Its instant, shown on the new clock, is the first valid time.
  let low = wall - after * MINUTE
  let high = wall - before * MINUTE
  while (high - low > MINUTE) {
    const mid = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE
    if (offsetAt(zone, mid) === after) high = mid
    else low = mid
  }
  return { ok: false, nextValid: toLocal(high, zone) }
}

/** Like resolveLocal, for callers that have already refused gap times: the instant, or null. */
export function instantOfLocal(date: string | null, time: string | null, zone: string): string | null {
  if (!date || !time) return null
  const resolved = resolveLocal(date, time, zone)
  return resolved.ok ? resolved.instant : null
}

export interface ZoneTransition {
  /** The instant the offset changes (ms since the epoch). */
  at: number
  from: number
  to: number
}

/** Every offset change of a zone between two instants, found to the minute. */
export function transitionsBetween(zone: string, startMs: number, endMs: number): ZoneTransition[] {
  const found: ZoneTransition[] = []
  // Offsets hold for months; a weekly probe meets every change (none lasts under a week), and a
  // binary search pins it to the minute.
  const step = 7 * DAY
  let at = startMs
  let offset = offsetAt(zone, at)
  while (at < endMs) {
    const next = Math.min(at + step, endMs)
    const nextOffset = offsetAt(zone, next)
    if (nextOffset !== offset) {
      let low = at
      let high = next
      while (high - low > MINUTE) {
        const mid = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE
        if (offsetAt(zone, mid) === offset) low = mid
        else high = mid
      }
      found.push({ at: high, from: offset, to: nextOffset })
      offset = nextOffset
    }
    at = next
  }
  return found
}

const icalOffset = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
}

const icalLocal = (ms: number) => {
  const d = new Date(ms)
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00`
}

/**
 * The VTIMEZONE component (RFC 5545 §3.6.5) of a zone over the given years, generated from the
 * zone's own rules as the runtime knows them: one observance for the offset in force when the
 * range opens, then one per transition in the range, each starting at its local time on the clock
 * before it.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): string[] {
  const start = Date.UTC(fromYear, 0, 1)
  const end = Date.UTC(toYear + 1, 0, 1)
  const opening = offsetAt(zone, start)
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`, `X-LIC-LOCATION:${zone}`]
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', at: number, from: number, to: number) => {
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${icalLocal(at + from * MINUTE)}`,
      `TZOFFSETFROM:${icalOffset(from)}`,
      `TZOFFSETTO:${icalOffset(to)}`,
      `END:${kind}`,
    )
  }
  const transitions = transitionsBetween(zone, start, end)
  // The smallest offset seen is standard time; anything above it is daylight (southern zones too).
  const standard = Math.min(opening, ...transitions.map((t) => t.to))
  // The opening observance starts long before the range (as calendar programs write it), so an
  // event at the range's very first minute is inside it whatever the offset.
  observance(opening === standard ? 'STANDARD' : 'DAYLIGHT', Date.UTC(1970, 0, 1) - opening * MINUTE, opening, opening)
  for (const t of transitions) observance(t.to === standard ? 'STANDARD' : 'DAYLIGHT', t.at, t.from, t.to)
  lines.push('END:VTIMEZONE')
  return lines
}
