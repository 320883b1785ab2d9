// Days and times on the dashboard's game-day screens in the user's language
// (docs/decisions/2026-11-28-languages.md): English keeps the exact shapes the specification and
// the existing screens use (worker/domain/time.ts); another language is written by Intl its way
// (19:00, « 28 mars 2027 »). A game's day is the stored local day of the organization, never
// shifted by a zone (docs/decisions/2026-11-28-time-zones.md).
import { format, isValid, parseISO } from 'date-fns'
import { formatGameDay, formatGameTime } from '../../../worker/domain/time'
import { formatDay } from './format'
import { currentLanguage, t } from './i18n'

const english = (language: string) => language === 'en' || language.startsWith('en-')

const cache = new Map<string, Intl.DateTimeFormat>()
function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`
  let found = cache.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' })
    cache.set(key, found)
  }
  return found
}

/** A calendar day (yyyy-MM-dd) as a UTC instant at noon: Intl then writes that very day. */
const noon = (day: string) => new Date(`${day}T12:00:00Z`)
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value))

/** An HH:mm time: "7:00 PM" in English, "19:00" in Spanish and French; TBD in the language without one. */
export function gameTime(time: string | null | undefined, language = currentLanguage()): string {
  const match = time?.match(/^([01]?\d|2[0-3]):([0-5]\d)/)
  if (!match) return english(language) ? formatGameTime(null) : t('admin.time.tbd')
  if (english(language)) return formatGameTime(`${match[1]}:${match[2]}`)
  const at = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])))
  return formatter(language, { hour: 'numeric', minute: '2-digit' }).format(at)
}

/** A game's day as its league reads it ("March 28, 2027" / "28 de marzo de 2027"); TBD without one. */
export function gameDay(
  game: { date: string | null; game_dateTime?: string | null },
  zone?: string,
  language = currentLanguage(),
) {
  if (english(language)) return formatGameDay(game, zone)
  const day = game.date ?? (game.game_dateTime ? localDay(game.game_dateTime, zone) : null)
  if (!day || !isDay(day)) return t('admin.time.tbd')
  return formatter(language, { year: 'numeric', month: 'long', day: 'numeric' }).format(noon(day))
}

function localDay(instant: string, zone = 'UTC'): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  )
  return parts.slice(0, 10)
}

/** A season's day ("Jan 5, 2026" / "5 ene 2026"); a dash without one. */
export function shortDay(day: string | null | undefined, language = currentLanguage()): string {
  if (english(language) || !day || !isDay(day)) return formatDay(day)
  return formatter(language, { year: 'numeric', month: 'short', day: 'numeric' }).format(noon(day))
}

/** A day with its weekday ("Mon, Jan 5, 2026" / "lun, 5 ene 2026"). */
export function weekdayDay(day: string, language = currentLanguage()): string {
  if (!isDay(day)) return day
  if (english(language)) return format(parseISO(day), 'EEE, MMM d, yyyy')
  return formatter(language, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' }).format(noon(day))
}

/** A long day ("January 5, 2026" / "5 de enero de 2026"). */
export function longDay(day: string, language = currentLanguage()): string {
  if (!isDay(day)) return day
  if (english(language)) return format(parseISO(day), 'MMMM d, yyyy')
  return formatter(language, { year: 'numeric', month: 'long', day: 'numeric' }).format(noon(day))
}
