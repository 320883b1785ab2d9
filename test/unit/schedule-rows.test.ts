import { describe, expect, it } from 'vitest'
import {
  filterScheduleRows,
  gameDateKey,
  gameResult,
  gamesByDate,
  NO_FILTER,
  type ScheduleBye,
  type ScheduleGame,
  type ScheduleRow,
  type ScheduleWeekOff,
  scheduleFilterOptions,
  scheduleRows,
} from '../../web/src/features/schedule/schedule-rows'
import { gameInstant } from '../../worker/domain/time'

const MONDAY = { id: 1, name: 'Monday Night' }
const FOUNTAIN = { id: 2, name: 'Fountain Valley Sunday' }
const teams = {
  a: { id: 11, name: 'Aces' },
  b: { id: 12, name: 'Bulls' },
  c: { id: 13, name: 'Comets' },
  d: { id: 21, name: 'Dunkers' },
}

let nextId = 100
function game(date: string | null, time: string | null, over: Partial<ScheduleGame> = {}): ScheduleGame {
  const id = over.id ?? nextId++
  return {
    id,
    season_id: 1,
    leagueId: MONDAY.id,
    league: MONDAY,
    homeTeam: teams.a,
    awayTeam: teams.b,
    team1_id: teams.a.id,
    team2_id: teams.b.id,
    date,
    time,
    game_dateTime: gameInstant(date, time),
    status: 'scheduled',
    score_team1: 0,
    score_team2: 0,
    ...over,
  }
}
const bye = (id: number, date: string, league = MONDAY, byeTeams = [teams.c]): ScheduleBye => ({
  id,
  date,
  league_id: league.id,
  teams: byeTeams,
})
const weekOff = (id: number, date: string, reason: string | null, leagueId: number | null = MONDAY.id): ScheduleWeekOff => ({
  id,
  date,
  reason,
  league_id: leagueId,
})

const describeRow = (row: ScheduleRow) =>
  row.kind === 'game' ? `game ${row.dateKey} ${row.game.time ?? '-'}` : `${row.kind} ${row.dateKey}`

describe('schedule rows', () => {
  it('keeps the Los Angeles day of evening games across the end of daylight saving time', () => {
    // 2025-11-02 is the day clocks go back: 19:00 PDT on Nov 1 and 19:00 PST on Nov 3 are both the
    // next day in UTC, and a naive UTC slice would show November 2 and November 4.
    const before = game('2025-11-01', '19:00')
    const after = game('2025-11-03', '19:00')
    expect(before.game_dateTime).toBe('2025-11-02T02:00:00.000Z')
    expect(after.game_dateTime).toBe('2025-11-04T03:00:00.000Z')
    expect(gameDateKey(before)).toBe('2025-11-01')
    expect(gameDateKey(after)).toBe('2025-11-03')

    const rows = scheduleRows([after, before], [bye(1, '2025-11-03')], [weekOff(1, '2025-11-02', null)])
    expect(rows.map(describeRow)).toEqual([
      'game 2025-11-01 19:00',
      'week-off 2025-11-02',
      'game 2025-11-03 19:00',
      'bye 2025-11-03',
    ])
    const options = scheduleFilterOptions(rows, [], '')
    expect(options.dates).toEqual([
      { value: '2025-11-01', label: 'November 1, 2025' },
      { value: '2025-11-02', label: 'November 2, 2025' },
      { value: '2025-11-03', label: 'November 3, 2025' },
    ])
  })

  it.each([
    ['by date', [game('2025-03-10', '19:00'), game('2025-03-03', '21:00')], ['2025-03-03 21:00', '2025-03-10 19:00']],
    ['by time on one day', [game('2025-03-03', '21:00'), game('2025-03-03', '08:30')], ['2025-03-03 08:30', '2025-03-03 21:00']],
    [
      'without a time last on its day',
      [game('2025-03-03', null), game('2025-03-03', '20:00')],
      ['2025-03-03 20:00', '2025-03-03 -'],
    ],
    ['without a date last', [game(null, null), game('2025-03-03', '20:00')], ['2025-03-03 20:00', 'null -']],
  ])('sorts games %s', (_case, games, expected) => {
    expect(
      scheduleRows(games, [], []).map((row) => (row.kind === 'game' ? `${row.dateKey} ${row.game.time ?? '-'}` : '')),
    ).toEqual(expected)
  })

  it('leaves out games without a season', () => {
    const rows = scheduleRows([game('2025-03-03', '19:00', { season_id: null }), game('2025-03-03', '20:00')], [], [])
    expect(rows).toHaveLength(1)
  })

  it('gives a week-off without a reason the reason Off Week', () => {
    const rows = scheduleRows(
      [],
      [],
      [weekOff(1, '2025-03-03', null), weekOff(2, '2025-03-10', '  '), weekOff(3, '2025-03-17', 'Holiday')],
    )
    expect(rows.map((row) => (row.kind === 'week-off' ? row.reason : ''))).toEqual(['Off Week', 'Off Week', 'Holiday'])
  })
})

describe('schedule filters', () => {
  const played = game('2025-03-03', '19:00', { score_team1: 50, score_team2: 0 })
  const upcoming = game('2025-03-10', '19:00')
  const other = game('2025-03-10', '20:00', {
    leagueId: FOUNTAIN.id,
    league: FOUNTAIN,
    homeTeam: teams.d,
    team1_id: teams.d.id,
    awayTeam: teams.c,
    team2_id: teams.c.id,
  })
  const rows = scheduleRows(
    [played, upcoming, other],
    [bye(1, '2025-03-10', MONDAY, [teams.c]), bye(2, '2025-03-03', FOUNTAIN, [teams.d])],
    [weekOff(1, '2025-03-17', 'Spring break'), weekOff(2, '2025-03-24', null, null), weekOff(3, '2025-03-17', null, FOUNTAIN.id)],
  )
  const keys = (filter: Partial<typeof NO_FILTER>) => filterScheduleRows(rows, { ...NO_FILTER, ...filter }).map((row) => row.key)

  it.each([
    ['nothing chosen', {}, 8],
    ['a date', { date: '2025-03-10' }, 3],
    ['a league (week-offs without a league stay)', { leagueId: String(FOUNTAIN.id) }, 4],
    ['a team (its games, byes, and its leagues’ week-offs)', { teamId: String(teams.a.id) }, 4],
    ['a team with a bye in another league than its game', { teamId: String(teams.c.id) }, 5],
    ['scheduled games', { state: 'scheduled' as const }, 2],
    ['completed games', { state: 'completed' as const }, 1],
    ['a league and a date', { leagueId: String(MONDAY.id), date: '2025-03-10' }, 2],
  ])('with %s', (_case, filter, count) => {
    expect(keys(filter)).toHaveLength(count)
  })

  it('counts a game with any score above 0 as completed', () => {
    expect(keys({ state: 'completed' })).toEqual([`game-${played.id}`])
    expect(gameResult(played)).toBe('50 - 0')
    expect(gameResult(upcoming)).toBe('—')
  })

  it('offers leagues in the spec order and the teams of the chosen league', () => {
    const all = scheduleFilterOptions(rows, [MONDAY, { id: 3, name: 'Tuesday Rec' }], '')
    expect(all.leagues.map((l) => l.name)).toEqual(['Fountain Valley Sunday', 'Monday Night', 'Tuesday Rec'])
    expect(all.teams.map((t) => t.name)).toEqual(['Aces', 'Bulls', 'Comets', 'Dunkers'])
    const monday = scheduleFilterOptions(rows, [], String(MONDAY.id))
    expect(monday.teams.map((t) => t.name)).toEqual(['Aces', 'Bulls', 'Comets'])
  })
})

describe('games page', () => {
  it('groups games by their Los Angeles day, in order', () => {
    const groups = gamesByDate([game('2025-11-03', '19:00'), game('2025-11-01', '21:00'), game('2025-11-01', '19:00')])
    expect(groups.map((g) => [g.label, g.games.map((x) => x.time)])).toEqual([
      ['November 1, 2025', ['19:00', '21:00']],
      ['November 3, 2025', ['19:00']],
    ])
  })
})
