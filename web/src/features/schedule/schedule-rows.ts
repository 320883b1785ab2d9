// The public schedule's rows (docs/reference/league-admin.md Schedule screen, docs/reference/public-site.md §2.9): games, byes and week-offs
// merged and sorted by date and time, the filters' options, and the filters themselves. Pure, so
// the rules are tested with tables of cases (test/unit/schedule-rows.test.ts).
import { compareLeagueNames, isCompleted } from '../../../../worker/domain/games'
import { LEAGUE_TIME_ZONE, localDateOf } from '../../../../worker/domain/time'
import { gameDate } from '../../lib/format'
import { t } from '../../lib/i18n'

export interface ScheduleGame {
  id: number
  season_id: number | null
  leagueId: number | null
  league: { id: number; name: string | null } | null
  homeTeam: { id: number; name: string }
  awayTeam: { id: number; name: string }
  team1_id: number
  team2_id: number
  date: string | null
  time: string | null
  game_dateTime: string | null
  location?: string | null
  /** Where it is played (docs/venues.md); shown as gamePlace() says it. */
  venue?: { id: number; name: string } | null
  court?: { id: number; name: string } | null
  status: string
  score_team1: number
  score_team2: number
}

export interface ScheduleBye {
  id: number
  date: string
  league_id: number | null
  team_id?: number
  teams: { id: number; name: string }[]
}

export interface ScheduleWeekOff {
  id: number
  date: string
  reason: string | null
  season_id?: number | null
  league_id: number | null
}

export type ScheduleRow =
  | { kind: 'game'; key: string; dateKey: string | null; leagueId: number | null; game: ScheduleGame }
  | { kind: 'bye'; key: string; dateKey: string; leagueId: number | null; teams: { id: number; name: string }[] }
  | { kind: 'week-off'; key: string; dateKey: string; leagueId: number | null; reason: string }

/** docs/reference/league-admin.md Schedule screen: a week-off without a reason reads Off Week. */
export const DEFAULT_WEEK_OFF_REASON = 'Off Week'

/**
 * The league's calendar day of a game (docs/reference/public-site.md §9): its stored local date,
 * which is the organization's own day (docs/decisions/2026-11-28-time-zones.md), else the day of
 * its instant in the zone. A UTC slice of the instant would put every evening game on the next day.
 */
export function gameDateKey(game: Pick<ScheduleGame, 'date' | 'game_dateTime'>, zone = LEAGUE_TIME_ZONE): string | null {
  if (game.date) return game.date
  return game.game_dateTime ? localDateOf(game.game_dateTime, zone) : null
}

const KIND_ORDER = { game: 0, bye: 1, 'week-off': 2 } as const

/**
 * Rows sorted by date, then time. Decision: on one day the games come first in time order, then
 * the byes, then a week-off note; games without a date (TBD) go last, as do games without a time
 * on their day.
 */
export function compareRows(a: ScheduleRow, b: ScheduleRow): number {
  const dateA = a.dateKey ?? '9999-99-99'
  const dateB = b.dateKey ?? '9999-99-99'
  if (dateA !== dateB) return dateA < dateB ? -1 : 1
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] - KIND_ORDER[b.kind]
  if (a.kind === 'game' && b.kind === 'game') {
    const timeA = a.game.time ?? '99:99'
    const timeB = b.game.time ?? '99:99'
    if (timeA !== timeB) return timeA < timeB ? -1 : 1
    return a.game.id - b.game.id
  }
  return a.key.localeCompare(b.key)
}

/** docs/reference/league-admin.md Schedule screen: games (only those with a season), byes and week-offs, merged and sorted. */
export function scheduleRows(games: ScheduleGame[], byes: ScheduleBye[], weekOffs: ScheduleWeekOff[]): ScheduleRow[] {
  const rows: ScheduleRow[] = [
    ...games
      .filter((game) => game.season_id !== null && game.season_id !== undefined)
      .map(
        (game): ScheduleRow => ({
          kind: 'game',
          key: `game-${game.id}`,
          dateKey: gameDateKey(game),
          leagueId: game.leagueId,
          game,
        }),
      ),
    ...byes.map(
      (bye): ScheduleRow => ({ kind: 'bye', key: `bye-${bye.id}`, dateKey: bye.date, leagueId: bye.league_id, teams: bye.teams }),
    ),
    ...weekOffs.map(
      (weekOff): ScheduleRow => ({
        kind: 'week-off',
        key: `week-off-${weekOff.id}`,
        dateKey: weekOff.date,
        leagueId: weekOff.league_id,
        reason: weekOff.reason?.trim() || DEFAULT_WEEK_OFF_REASON,
      }),
    ),
  ]
  return rows.sort(compareRows)
}

/** docs/reference/league-admin.md §4 game filter: all; scheduled (no scores); completed (any score above 0). */
export type GameState = 'all' | 'scheduled' | 'completed'

export interface ScheduleFilter {
  /** yyyy-MM-dd, or '' for All Dates. */
  date: string
  /** A league id, or '' for All Leagues. */
  leagueId: string
  /** A team id, or '' for All Teams. */
  teamId: string
  state: GameState
}

export const NO_FILTER: ScheduleFilter = { date: '', leagueId: '', teamId: '', state: 'all' }

const teamIdsOf = (row: ScheduleRow): number[] =>
  row.kind === 'game' ? [row.game.team1_id, row.game.team2_id] : row.kind === 'bye' ? row.teams.map((t) => t.id) : []

/**
 * The rows that pass every chosen filter. Decisions: a week-off without a league is everyone's; with
 * a team chosen, week-offs of that team's leagues stay; byes and week-offs are not games, so a game
 * state other than All Games leaves them out.
 */
export function filterScheduleRows(rows: ScheduleRow[], filter: ScheduleFilter): ScheduleRow[] {
  const leagueId = filter.leagueId ? Number(filter.leagueId) : null
  const teamId = filter.teamId ? Number(filter.teamId) : null
  const teamLeagues = new Set<number | null>()
  if (teamId !== null) {
    for (const row of rows) if (teamIdsOf(row).includes(teamId)) teamLeagues.add(row.leagueId)
  }
  return rows.filter((row) => {
    if (filter.date && row.dateKey !== filter.date) return false
    if (leagueId !== null && row.leagueId !== leagueId && !(row.kind === 'week-off' && row.leagueId === null)) return false
    if (teamId !== null) {
      if (row.kind === 'week-off') {
        if (row.leagueId !== null && !teamLeagues.has(row.leagueId)) return false
      } else if (!teamIdsOf(row).includes(teamId)) return false
    }
    if (filter.state !== 'all') {
      if (row.kind !== 'game') return false
      if (isCompleted(row.game) !== (filter.state === 'completed')) return false
    }
    return true
  })
}

export interface Option {
  id: number
  name: string
}

const byName = (a: Option, b: Option) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id

/**
 * The filters' choices: each date present (labelled 'MMMM d, yyyy'), the leagues in the spec's
 * order (compareLeagueNames), and the teams of the chosen league, or all of them.
 */
export function scheduleFilterOptions(rows: ScheduleRow[], knownLeagues: Option[], leagueId: string, zone = LEAGUE_TIME_ZONE) {
  const dates = [...new Set(rows.map((row) => row.dateKey).filter((d): d is string => d !== null))]
    .sort()
    .map((value) => ({ value, label: gameDate(value, zone) }))

  const leagues = new Map<number, string>(knownLeagues.map((l) => [l.id, l.name]))
  for (const row of rows) {
    if (row.kind === 'game' && row.game.league?.id && !leagues.has(row.game.league.id)) {
      leagues.set(row.game.league.id, row.game.league.name ?? t('schedule.leagueNumber', { id: row.game.league.id }))
    }
  }

  const teams = new Map<number, string>()
  const chosen = leagueId ? Number(leagueId) : null
  for (const row of rows) {
    if (chosen !== null && row.leagueId !== chosen) continue
    if (row.kind === 'game') {
      teams.set(row.game.homeTeam.id, row.game.homeTeam.name)
      teams.set(row.game.awayTeam.id, row.game.awayTeam.name)
    } else if (row.kind === 'bye') {
      for (const team of row.teams) teams.set(team.id, team.name)
    }
  }

  return {
    dates,
    leagues: [...leagues].map(([id, name]) => ({ id, name })).sort((a, b) => compareLeagueNames(a.name, b.name) || a.id - b.id),
    teams: [...teams].map(([id, name]) => ({ id, name })).sort(byName),
  }
}

/** docs/reference/public-site.md §2.9 Results: score_team1 - score_team2 once played (docs/reference/league-admin.md §4), else a dash. */
export const gameResult = (game: Pick<ScheduleGame, 'score_team1' | 'score_team2'>) =>
  isCompleted(game) ? `${game.score_team1} - ${game.score_team2}` : '—'

/** The Games page (small navigation): games with a season grouped by their Los Angeles day, in order. */
export function gamesByDate(
  games: ScheduleGame[],
  zone = LEAGUE_TIME_ZONE,
): { dateKey: string | null; label: string; games: ScheduleGame[] }[] {
  const rows = scheduleRows(games, [], [])
  const groups: { dateKey: string | null; label: string; games: ScheduleGame[] }[] = []
  for (const row of rows) {
    if (row.kind !== 'game') continue
    const last = groups.at(-1)
    if (last && last.dateKey === row.dateKey) last.games.push(row.game)
    else groups.push({ dateKey: row.dateKey, label: gameDate(row.dateKey, zone), games: [row.game] })
  }
  return groups
}
