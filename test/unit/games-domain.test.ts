import { describe, expect, it } from 'vitest'
import {
  averageLine,
  completeLine,
  effectiveFieldGoalPercentage,
  isDerived,
  percentage,
  totalLine,
  trueShootingPercentage,
} from '../../worker/domain/derived-stats'
import { compareLeagueNames, displayStatus, gamePlace, toEmbedUrl } from '../../worker/domain/games'
import { formatGameDate, formatGameTime, gameInstant, weekDate } from '../../worker/domain/time'

const BASKETBALL = ['PTS', 'AST', 'REB', 'FGM', 'FGA', 'FG%', 'FTM', 'FTA', 'FT%', '2PM', '2PA', '2P%', '3PM', '3PA', '3P%']

describe('derived stats', () => {
  it.each([
    [3, 7, 3 / 7],
    [0, 0, 0],
    [0, 5, 0],
    [5, 5, 1],
  ])('percentage(%i, %i) = %f', (made, attempted, expected) => {
    expect(percentage(made, attempted)).toBeCloseTo(expected, 10)
  })

  it('sums FGM and FGA from 2- and 3-point stats when those exist', () => {
    const line = completeLine({ '2PM': 4, '2PA': 9, '3PM': 2, '3PA': 5, FTM: 3, FTA: 4, FGM: 99, FGA: 99 }, BASKETBALL)
    expect(line.FGM).toBe(6)
    expect(line.FGA).toBe(14)
    expect(line['FG%']).toBeCloseTo(6 / 14)
    expect(line['2P%']).toBeCloseTo(4 / 9)
    expect(line['3P%']).toBeCloseTo(2 / 5)
    expect(line['FT%']).toBeCloseTo(0.75)
  })

  it('keeps typed FGM/FGA when the organization keeps no 2-point stats', () => {
    const withoutTwos = ['PTS', 'FGM', 'FGA', 'FG%', '3PM', '3PA']
    const line = completeLine({ FGM: 5, FGA: 10, '3PM': 1, '3PA': 3 }, withoutTwos)
    expect(line.FGM).toBe(5)
    expect(line['FG%']).toBe(0.5)
    expect(isDerived('FGM', withoutTwos)).toBe(false)
    expect(isDerived('FG%', withoutTwos)).toBe(true)
    expect(isDerived('FGM', BASKETBALL)).toBe(true)
  })

  it('gives 0% without attempts, never NaN', () => {
    const line = completeLine({}, BASKETBALL)
    for (const pct of ['FG%', 'FT%', '2P%', '3P%']) expect(line[pct]).toBe(0)
  })

  it('totals percentages from summed made and attempted, not the mean of percentages', () => {
    const a = { '2PM': 1, '2PA': 1, '3PM': 0, '3PA': 0 }
    const b = { '2PM': 1, '2PA': 9, '3PM': 0, '3PA': 0 }
    const total = totalLine([a, b], BASKETBALL)
    expect(total['FG%']).toBeCloseTo(2 / 10)
    expect(total.FGM).toBe(2)
  })

  it('averages counting stats per game', () => {
    const avg = averageLine([{ PTS: 10 }, { PTS: 15 }, { PTS: 2 }], BASKETBALL)
    expect(avg.PTS).toBeCloseTo(9)
  })

  it('computes eFG% and TS% by their definitions', () => {
    const line = completeLine({ PTS: 20, '2PM': 5, '2PA': 10, '3PM': 2, '3PA': 4, FTM: 4, FTA: 5 }, BASKETBALL)
    expect(effectiveFieldGoalPercentage(line)).toBeCloseTo((7 + 0.5 * 2) / 14)
    expect(trueShootingPercentage(line)).toBeCloseTo(20 / (2 * (14 + 0.44 * 5)))
    expect(trueShootingPercentage({})).toBe(0)
  })
})

describe('game rules', () => {
  it.each([
    [{ score_team1: 0, score_team2: 0, status: 'scheduled' }, 'Scheduled'],
    [{ score_team1: 1, score_team2: 0, status: 'scheduled' }, 'Completed'],
    [{ score_team1: 0, score_team2: 0, status: 'postponed' }, 'Postponed'],
    [{ score_team1: 0, score_team2: 20, status: 'forfeit' }, 'Completed'],
  ])('display status of %o is %s', (game, expected) => {
    expect(displayStatus(game)).toBe(expected)
  })

  it('shows Bye for byes', () => {
    expect(displayStatus({ bye: true })).toBe('Bye')
  })

  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/123', 'https://vimeo.com/123'],
  ])('stores %s as %s', (input, expected) => {
    expect(toEmbedUrl(input)).toBe(expected)
  })

  it('orders leagues: named venues first, then weekday, then name', () => {
    const names = [
      'Zeta Sunday',
      'Alpha Monday',
      'Irvine Valley College Sunday',
      'Tustin Columbus Wednesday',
      'Fountain Valley Monday',
      'Beta',
      'Gamma Friday',
      'Alpha Friday',
    ]
    expect([...names].sort(compareLeagueNames)).toEqual([
      'Fountain Valley Monday',
      'Tustin Columbus Wednesday',
      'Irvine Valley College Sunday',
      'Alpha Monday',
      'Alpha Friday',
      'Gamma Friday',
      'Zeta Sunday',
      'Beta',
    ])
  })
})

describe('time', () => {
  it('stores the Los Angeles instant across daylight-saving changes', () => {
    expect(gameInstant('2025-10-26', '18:00')).toBe('2025-10-27T01:00:00.000Z') // PDT, UTC−7
    expect(gameInstant('2025-11-02', '18:00')).toBe('2025-11-03T02:00:00.000Z') // PST, UTC−8
    expect(gameInstant(null, '18:00')).toBeNull()
  })

  it('formats dates in Los Angeles and TBD when missing', () => {
    expect(formatGameDate('2025-11-03T02:00:00.000Z')).toBe('November 2, 2025')
    expect(formatGameDate('2025-11-02')).toBe('November 2, 2025')
    expect(formatGameDate(null)).toBe('TBD')
  })

  it.each([
    ['18:00', '6:00 PM'],
    ['00:05', '12:05 AM'],
    ['12:30', '12:30 PM'],
    ['7pm', 'TBD'],
    [null, 'TBD'],
  ])('formats %s as %s', (input, expected) => {
    expect(formatGameTime(input)).toBe(expected)
  })

  it('derives week dates as start + 7 days per week index', () => {
    expect(weekDate('2025-10-27', 0)).toBe('2025-10-27')
    expect(weekDate('2025-10-27', 1)).toBe('2025-11-03')
    expect(weekDate('2025-12-29', 1)).toBe('2026-01-05')
  })
})

describe('gamePlace: where a game is played, as schedules and widgets say it (docs/venues.md)', () => {
  const venue = { id: 1, name: 'North Gym', address: '12 Hoop St', mapUrl: null }
  it.each([
    [{ venue, court: { id: 2, name: 'Court 2' }, location: 'ignored' }, 'North Gym · Court 2'],
    [{ venue, court: null, location: 'ignored' }, 'North Gym'],
    [{ venue: null, court: null, location: 'Old Barn' }, 'Old Barn'],
    [{ venue: null, court: null, location: null }, null],
    [{ location: '  ' }, null],
  ])('%j → %s', (game, expected) => {
    expect(gamePlace(game)).toBe(expected)
  })
})
