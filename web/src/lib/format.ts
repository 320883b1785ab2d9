// Dates and times as the page's language writes them (docs/decisions/2026-11-28-languages.md): Intl
// in that language, the organization's zone for an instant, a bare day shown as the day it is. In
// English the words are exactly those the specification fixes ('MMMM d, yyyy', 'h:mm a', TBD), from
// the shared rules in worker/domain/time.ts, which the Worker writes too.
import { formatPercent, SOURCE_LANGUAGE } from '../../../worker/domain/i18n'
import { formatGameDate, formatGameTime, LEAGUE_TIME_ZONE } from '../../../worker/domain/time'
import { currentLanguage, t } from './i18n'

const formats = new Map<string, Intl.DateTimeFormat>()
function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`
  let found = formats.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(language, options)
    formats.set(key, found)
  }
  return found
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value)

/** A yyyy-MM-dd day, or an instant's day in `zone`, in the page's language (`style` long: "March 28, 2027"). */
export function formatDate(value: string, zone: string, month: 'long' | 'short' = 'long', language = currentLanguage()): string {
  // A bare date is a calendar day already: shown as it is, never shifted by a zone.
  const at = isDay(value) ? new Date(`${value}T12:00:00Z`) : new Date(value)
  if (Number.isNaN(at.getTime())) return value
  return dateFormat(language, { timeZone: isDay(value) ? 'UTC' : zone, year: 'numeric', month, day: 'numeric' }).format(at)
}

/** A season's yyyy-MM-dd day as "Jan 5, 2026" (in the page's language); a missing day shows a dash. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—'
  if (!isDay(day) || Number.isNaN(new Date(`${day}T12:00:00Z`).getTime())) return day
  // Intl rather than date-fns: en-US's short date is 'MMM d, yyyy' exactly, and the public pages'
  // first load stays without date-fns (docs/reference/performance.md §4).
  const language = currentLanguage()
  return formatDate(day, 'UTC', 'short', language === SOURCE_LANGUAGE ? 'en-US' : language)
}

/** A game's day, long ("March 28, 2027" / "28 de marzo de 2027"), TBD without one (worker/domain/time.ts formatGameDate). */
export function gameDate(instantOrDate: string | null, zone = LEAGUE_TIME_ZONE): string {
  const language = currentLanguage()
  if (language === SOURCE_LANGUAGE) return formatGameDate(instantOrDate, zone)
  return instantOrDate ? formatDate(instantOrDate, zone, 'long', language) : t('common.tbd')
}

/**
 * The day a game is played as its league reads it (worker/domain/time.ts formatGameDay): the stored
 * local date, else the day of its instant in the organization's zone.
 */
export const gameDay = (game: { date: string | null; game_dateTime?: string | null }, zone = LEAGUE_TIME_ZONE) =>
  gameDate(game.date ?? game.game_dateTime ?? null, zone)

/** An HH:mm local time as the language writes a clock time ("7:00 PM" / "19:00"), TBD without one. */
export function gameTime(time: string | null): string {
  const language = currentLanguage()
  if (language === SOURCE_LANGUAGE) return formatGameTime(time)
  const match = time?.match(/^([01]?\d|2[0-3]):([0-5]\d)$/)
  if (!match) return t('common.tbd')
  // A wall-clock time of no particular day: formatted in UTC so no zone moves it.
  const at = Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))
  return dateFormat(language, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(at)
}

/**
 * A figure the stat rules wrote with a decimal point ("45.5", ".500") in the page's language
 * ("45,5", ",500"): the digits stay those the rules chose, only the separator is the language's.
 */
export function decimal(figure: string, language = currentLanguage()): string {
  if (language === SOURCE_LANGUAGE || !/^-?\d*\.\d+$/.test(figure)) return figure
  const separator = new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  return figure.replace('.', separator)
}

/** A ratio (0.455) as a one-decimal percentage with its sign: "45.5%" in English, "45,5 %" in French. */
export function percentFigure(ratio: number, language = currentLanguage()): string {
  if (language === SOURCE_LANGUAGE || !Number.isFinite(ratio)) return `${(ratio * 100).toFixed(1)}%`
  return formatPercent(language, ratio, 1)
}
