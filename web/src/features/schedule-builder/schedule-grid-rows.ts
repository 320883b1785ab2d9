// Pure helpers of the Schedule Builder: the nights of a schedule as table rows, time checks, the
// Game Count groups and per-slot spreads. No React, no fetching.
import { format, isValid, parseISO } from 'date-fns'
import { gameTime, weekdayDay } from '../../lib/admin-format'
import { currentLanguage, t } from '../../lib/i18n'
import type { BuilderGame, ByeDate, FairnessReport, Schedule, ScheduleTeam, WeekOff } from './api'

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

export const isTime = (value: string) => TIME_PATTERN.test(value.trim())

const minutesOf = (time: string) => {
  const [hours, minutes] = time.trim().split(':').map(Number)
  return (hours ?? 0) * 60 + (minutes ?? 0)
}

/**
 * What "Add time slot" fills in: the list's last time plus the gap between its last two (an hour
 * when there is one time), so 19:00 → 20:00 → 21:00 takes one typed time and two clicks. Blank when
 * the last slot is not a time yet, when the next one would pass midnight or is already listed.
 */
export function nextTimeSlot(slots: string[]): string {
  const last = slots.at(-1)
  if (last === undefined || !isTime(last)) return ''
  const before = slots.at(-2)
  const gap =
    before !== undefined && isTime(before) && minutesOf(before) < minutesOf(last) ? minutesOf(last) - minutesOf(before) : 60
  const next = minutesOf(last) + gap
  if (next >= 24 * 60) return ''
  const time = `${String(Math.floor(next / 60)).padStart(2, '0')}:${String(next % 60).padStart(2, '0')}`
  // A time input's value is always HH:mm, the form compared here.
  return slots.includes(time) ? '' : time
}

/** "18:00, 19:00" → ['18:00', '19:00']; blank parts dropped. */
export function parseTimes(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
}

/** Sorted, without duplicates: the order the server stores slots in. */
export const uniqueTimes = (times: string[]) => [...new Set(times.map((t) => t.trim()))].sort()

/** docs/reference/league-admin.md Team list: shows None if empty. */
export const formatSlots = (slots: string[] | null | undefined) =>
  slots && slots.length > 0 ? slots.join(', ') : english() ? 'None' : t('admin.common.none')

// English keeps its exact words without a catalog (unit tests run these in Node); another language
// reads the admin catalog (docs/decisions/2026-11-28-languages.md).
const english = () => currentLanguage() === 'en'
const tbd = () => (english() ? 'TBD' : t('admin.time.tbd'))

export function formatNightDate(date: string | null | undefined): string {
  if (!date) return tbd()
  const parsed = parseISO(date)
  return isValid(parsed) ? weekdayDay(date) : date
}

export function formatTime(time: string | null | undefined): string {
  if (!time || !isTime(time)) return tbd()
  return english() ? format(parseISO(`2000-01-01T${time}`), 'h:mm a') : gameTime(time)
}

/** Played: a score above 0 or a completed or forfeit status (the server also counts a box score). */
export const isPlayed = (game: BuilderGame) =>
  (game.score_team1 ?? 0) > 0 || (game.score_team2 ?? 0) > 0 || game.status === 'completed' || game.status === 'forfeit'

export const matchup = (game: BuilderGame) =>
  english()
    ? `${game.homeTeam.name} vs ${game.awayTeam.name}`
    : t('admin.common.vs', { home: game.homeTeam.name, away: game.awayTeam.name })

/** A weekday (a machine value: 'Monday') in the user's language. */
export const weekdayName = (day: string) => (english() ? day : t(`admin.sb.weekday.${day}`))

export interface NightRow {
  index: number
  week: number
  date: string
  /** The game in each of the schedule's time columns that night (several when slots repeat). */
  bySlot: Map<string, BuilderGame[]>
  /** Games at a time that is not one of the columns (moved by hand): still shown, never lost. */
  offGrid: BuilderGame[]
  byes: { id: number; name: string }[]
  /** Teams with two games that night (double-headers). */
  doubleHeaders: { id: number; name: string }[]
  weekOff: WeekOff | null
}

/** Every time slot any night of the schedule has: the table's columns, early to late. */
export const scheduleColumns = (schedule: Schedule) => uniqueTimes(schedule.nights.flatMap((night) => night.slots))

export function nightRows(schedule: Schedule, games: BuilderGame[], byes: ByeDate[], weekOffs: WeekOff[]): NightRow[] {
  const columns = new Set(scheduleColumns(schedule))
  const own = games.filter((game) => game.schedule_id === schedule.id)
  return schedule.nights.map((night) => {
    const tonight = own.filter((game) => (game.week_index ?? -1) === night.index)
    const bySlot = new Map<string, BuilderGame[]>()
    const offGrid: BuilderGame[] = []
    const played = new Map<number, { name: string; count: number }>()
    for (const game of tonight) {
      if (game.time && columns.has(game.time)) bySlot.set(game.time, [...(bySlot.get(game.time) ?? []), game])
      else offGrid.push(game)
      for (const team of [game.homeTeam, game.awayTeam]) {
        const seen = played.get(team.id)
        played.set(team.id, { name: team.name, count: (seen?.count ?? 0) + 1 })
      }
    }
    const byeTeams = byes
      .filter((bye) => bye.league_id === schedule.leagueId && bye.date === night.date)
      .flatMap((bye) => bye.teams)
      // A team that plays that night is not on bye, whatever an older bye row says.
      .filter((team) => !played.has(team.id))
    return {
      index: night.index,
      week: night.week,
      date: night.date,
      bySlot,
      offGrid,
      byes: [...new Map(byeTeams.map((team) => [team.id, team])).values()],
      doubleHeaders: [...played.entries()].filter(([, v]) => v.count >= 2).map(([id, v]) => ({ id, name: v.name })),
      weekOff: weekOffs.find((off) => off.league_id === schedule.leagueId && off.date === night.date) ?? null,
    }
  })
}

export interface GameCountGroup {
  games: number
  teams: { id: number; name: string }[]
}

/** docs/reference/league-admin.md Game Count: teams grouped by their number of scheduled games, most first; 0 included. */
export function gameCountGroups(teams: { id: number; name: string }[], games: BuilderGame[]): GameCountGroup[] {
  const counts = new Map<number, number>(teams.map((team) => [team.id, 0]))
  const names = new Map<number, string>(teams.map((team) => [team.id, team.name]))
  for (const game of games) {
    for (const team of [game.homeTeam, game.awayTeam]) {
      counts.set(team.id, (counts.get(team.id) ?? 0) + 1)
      if (!names.has(team.id)) names.set(team.id, team.name)
    }
  }
  const groups = new Map<number, { id: number; name: string }[]>()
  for (const [id, count] of counts) groups.set(count, [...(groups.get(count) ?? []), { id, name: names.get(id) ?? `Team ${id}` }])
  return [...groups.entries()]
    .sort(([a], [b]) => b - a)
    .map(([count, list]) => ({ games: count, teams: list.sort((x, y) => x.name.localeCompare(y.name)) }))
}

/**
 * docs/reference/schedule-builder.md slot spread for each slot: max − min games in it, compared among the teams that can
 * play in it and share the same set of available slots; the worst group counts.
 */
export function slotSpreads(report: FairnessReport, teams: ScheduleTeam[]): Record<string, number> {
  const times = uniqueTimes(report.teams.flatMap((row) => Object.keys(row.perSlot)))
  const unavailable = new Map(teams.map((team) => [team.id, new Set(team.unavailableSlots)]))
  const groups = new Map<string, number[]>()
  for (const row of report.teams) {
    const key = times.filter((time) => !unavailable.get(row.teamId)?.has(time)).join(',')
    groups.set(key, [...(groups.get(key) ?? []), row.teamId])
  }
  const rows = new Map(report.teams.map((row) => [row.teamId, row]))
  const spreads: Record<string, number> = {}
  for (const time of times) {
    let worst = 0
    for (const [key, ids] of groups) {
      if (!key.split(',').includes(time)) continue
      const counts = ids.map((id) => rows.get(id)?.perSlot[time] ?? 0)
      worst = Math.max(worst, Math.max(...counts) - Math.min(...counts))
    }
    spreads[time] = worst
  }
  return spreads
}

/** Week dates derive as start date plus 7 days per week index (docs/reference/league-admin.md §7). */
export function weekDates(startDate: string, numWeeks: number): string[] {
  const start = parseISO(startDate)
  if (!isValid(start) || !Number.isFinite(numWeeks) || numWeeks < 1) return []
  return Array.from({ length: Math.min(numWeeks, 60) }, (_, week) => {
    const date = new Date(start)
    date.setDate(date.getDate() + 7 * week)
    return format(date, 'yyyy-MM-dd')
  })
}
