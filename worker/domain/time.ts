import type { Translation, TranslationValue } from './i18n'
import { instantOfLocal } from './zone'

/**
 * The zone of an organization that chose none: every organization before zones were chosen lived in
 * Los Angeles (docs/decisions/2026-11-28-time-zones.md). Everything else reads the organization's own.
 */
export const LEAGUE_TIME_ZONE = 'America/Los_Angeles'

/**
 * The UTC instant of a local league date (yyyy-MM-dd) and time (HH:mm), or null without both (or
 * when the clocks skip that time): the zone module's rule, under the name the unit tests know.
 */
export const gameInstant = (date: string | null, time: string | null, zone = LEAGUE_TIME_ZONE): string | null =>
  instantOfLocal(date, time, zone)

// Intl rather than date-fns-tz for display: the browser and workerd already carry the time-zone
// data, and the public pages' first load stays under its budget (docs/reference/performance.md §4).
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone} ${JSON.stringify(options)}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options })
    formatters.set(key, format)
  }
  return format
}

/** 'MMMM d, yyyy' ("January 5, 2026") of an instant in a zone. */
export function formatLongDate(instant: string | Date, zone = LEAGUE_TIME_ZONE): string {
  return formatter(zone, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(instant))
}

/** The calendar day (yyyy-MM-dd) of an instant in a zone. */
export function localDateOf(instant: string | Date, zone = LEAGUE_TIME_ZONE): string {
  const parts = formatter(zone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(instant))
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** 'MMMM d, yyyy' in the league's zone; TBD without a date (docs/reference/league-admin.md Schedule screen). */
export function formatGameDate(instantOrDate: string | null, zone = LEAGUE_TIME_ZONE): string {
  if (!instantOrDate) return 'TBD'
  // A bare date is a calendar day already: show it as it is, never shifted by a zone.
  if (/^\d{4}-\d{2}-\d{2}$/.test(instantOrDate)) return formatLongDate(`${instantOrDate}T12:00:00Z`, 'UTC')
  return formatLongDate(instantOrDate, zone)
}

/**
 * The day a game is played, as its league reads it: the stored local date, which is the
 * organization's own day (docs/decisions/2026-11-28-time-zones.md), else the day of its instant in
 * the zone, else TBD. Never the instant first: 00:30 in Madrid is the evening before in Los Angeles
 * and in UTC.
 */
export function formatGameDay(game: { date: string | null; game_dateTime?: string | null }, zone = LEAGUE_TIME_ZONE): string {
  return formatGameDate(game.date ?? game.game_dateTime ?? null, zone)
}

/** 'h:mm a' for an HH:mm time, otherwise TBD. */
export function formatGameTime(time: string | null): string {
  const match = time?.match(/^([01]?\d|2[0-3]):([0-5]\d)$/)
  if (!match) return 'TBD'
  const hours = Number(match[1])
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`
}

/**
 * A calendar day (yyyy-MM-dd) written short ("Nov 2, 2025"), as the record book writes a record's
 * game (web/src/features/records/record-book-page.tsx) and the record book's link card repeats it;
 * a value that is no date comes back as it is, and null as ''. `locale` as in formatGameWhen.
 */
export function formatShortDay(date: string | null, _locale = 'en'): string {
  if (!date) return ''
  const at = new Date(`${date}T12:00:00Z`)
  return Number.isNaN(at.getTime())
    ? date
    : at.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' })
}

/**
 * A game's day and time as its page writes them ("November 2, 2025 · 6:00 PM"): formatGameDay in
 * the organization's zone, then formatGameTime. The one place the public game page
 * (web/src/features/games/components/game-score-header.tsx) and the link cards
 * (docs/link-cards.md) get it from. `locale` is the language the site is written in; English
 * ('en', the default) is the only one so far, and any other locale falls back to it.
 */
export function formatGameWhen(
  game: { date: string | null; game_dateTime?: string | null; time: string | null },
  zone = LEAGUE_TIME_ZONE,
  _locale = 'en',
): string {
  return `${formatGameDay(game, zone)} · ${formatGameTime(game.time)}`
}

/**
 * The message that refuses a local time the clocks skip (docs/decisions/2026-11-28-time-zones.md),
 * naming the first time that exists: `next` is resolveLocal's `nextValid` (worker/domain/zone.ts).
 */
export function skippedTimeMessage(date: string, time: string, zone: string, next: { date: string; time: string }): string {
  const nextTime = next.date === date ? formatGameTime(next.time) : `${formatGameTime(next.time)} on ${formatGameDate(next.date)}`
  return `${formatGameTime(time)} does not exist on ${formatGameDate(date)} in ${zone}: the clocks go forward. The next valid time is ${nextTime}.`
}

/** The same refusal as a catalog key and its raw values, for an answer in another language (worker/lib/zone.ts). */
export function skippedTimeTranslation(
  date: string,
  time: string,
  zone: string,
  next: { date: string; time: string },
): Translation {
  const nextTime: TranslationValue =
    next.date === date
      ? { localTime: next.time }
      : { key: 'api.time.onDay', values: { time: { localTime: next.time }, date: { localDate: next.date } } }
  return { key: 'api.time.skipped', values: { time: { localTime: time }, date: { localDate: date }, zone, next: nextTime } }
}

/** Week dates (docs/reference/league-admin.md §7): start date plus 7 days per week index. */
export function weekDate(startDate: string, weekIndex: number): string {
  const start = new Date(`${startDate}T00:00:00Z`)
  start.setUTCDate(start.getUTCDate() + 7 * weekIndex)
  return start.toISOString().slice(0, 10)
}
