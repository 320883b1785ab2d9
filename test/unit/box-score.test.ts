import { describe, expect, it } from 'vitest'
import type { GameDetail, StatDefinition } from '../../web/src/features/games/api'
import { formatCell, savedLines, scorePeriods } from '../../web/src/features/games/box-score'
import {
  boxScorePayload,
  changeCell,
  draftsFrom,
  editableStats,
  firstInvalidCell,
  lineFromDraft,
  parseWholeNumber,
  pointsMismatch,
  rebaseDrafts,
  scoreDraftsFrom,
  scoresPayload,
} from '../../web/src/features/games/box-score-editor'

const abbreviations = ['PTS', 'FGM', 'FGA', 'FG%', 'FTM', 'FTA', 'FT%', '2PM', '2PA', '2P%', '3PM', '3PA', '3P%']
const stats: StatDefinition[] = abbreviations.map((abbreviation, i) => ({
  id: i + 1,
  name: abbreviation,
  abbreviation,
  order: i,
}))
const idOf = (abbreviation: string) => stats.find((s) => s.abbreviation === abbreviation)?.id ?? 0
const HIDDEN_STL = 99

const game = {
  id: 7,
  team1_id: 10,
  team2_id: 20,
  homeTeam: { id: 10, name: 'Home' },
  awayTeam: { id: 20, name: 'Away' },
  score_home: 52,
  score_away: 48,
} as GameDetail['game']

describe('box score editing', () => {
  it.each([
    ['', 0],
    ['  ', 0],
    ['0', 0],
    ['12', 12],
    [' 7 ', 7],
    ['999', 999],
    ['1000', null],
    ['-1', null],
    ['2.5', null],
    ['1e2', null],
    ['abc', null],
  ])('reads the cell %j as %j', (text, expected) => {
    expect(parseWholeNumber(text)).toBe(expected)
  })

  it('lets people type counting stats only when FGM/FGA follow the 2- and 3-point stats', () => {
    expect(editableStats(stats).map((s) => s.abbreviation)).toEqual(['PTS', 'FTM', 'FTA', '2PM', '2PA', '3PM', '3PA'])
    const noSplit = stats.filter((s) => !s.abbreviation.startsWith('2') && !s.abbreviation.startsWith('3'))
    expect(editableStats(noSplit).map((s) => s.abbreviation)).toEqual(['PTS', 'FGM', 'FGA', 'FTM', 'FTA'])
  })

  it('reads saved rows into lines by player, leaving hidden stats out', () => {
    const lines = savedLines({
      allStats: stats,
      playerStats: [
        { player_id: 1, team_id: 10, stat_id: idOf('PTS'), value: 9 },
        { player_id: 1, team_id: 10, stat_id: HIDDEN_STL, value: 2 },
        { player_id: 2, team_id: 20, stat_id: idOf('FTA'), value: 4 },
      ],
    })
    expect(lines.get(1)).toEqual({ PTS: 9 })
    expect(lines.get(2)).toEqual({ FTA: 4 })
    expect(lines.has(3)).toBe(false)
  })

  it('starts the editor with the saved values, empty for players without a line', () => {
    const drafts = draftsFrom(new Map([[1, { PTS: 9, FTM: 1 }]]), [1, 2], stats)
    expect(drafts[1]).toMatchObject({ PTS: '9', FTM: '1', FTA: '' })
    expect(drafts[2].PTS).toBe('')
    expect(Object.keys(drafts[1])).not.toContain('FG%')
  })

  it('finds the first cell that is not a whole number', () => {
    expect(firstInvalidCell({ 1: { PTS: '3', FTA: '' } })).toBeNull()
    expect(firstInvalidCell({ 1: { PTS: '3' }, 2: { FTA: '-2' } })).toEqual({ playerId: 2, abbreviation: 'FTA' })
  })

  it('sends played lines with empty cells as 0, skips empty lines, keeps hidden stats', () => {
    const detail = {
      allStats: stats,
      playerStats: [{ player_id: 3, team_id: 20, stat_id: HIDDEN_STL, value: 2 }],
    }
    const payload = boxScorePayload(7, [1, 2, 3], { 1: { PTS: '5', '2PM': '2', '2PA': '' }, 2: { PTS: '' }, 3: {} }, detail)
    expect(payload.game_id).toBe(7)
    const rowsOf = (player: number) => payload.stats.filter((s) => s.player_id === player)
    // Player 1: every typed stat, empty as 0, no derived stat.
    expect(rowsOf(1)).toHaveLength(7)
    expect(rowsOf(1).find((s) => s.stat_id === idOf('PTS'))?.value).toBe(5)
    expect(rowsOf(1).find((s) => s.stat_id === idOf('2PA'))?.value).toBe(0)
    expect(rowsOf(1).some((s) => s.stat_id === idOf('FGM') || s.stat_id === idOf('FG%'))).toBe(false)
    // Player 2 did not play.
    expect(rowsOf(2)).toHaveLength(0)
    // Player 3 has only a hidden stat: it goes back unchanged with zeros for the visible ones.
    expect(rowsOf(3).find((s) => s.stat_id === HIDDEN_STL)?.value).toBe(2)
    expect(payload.stats.every((s) => s.game_id === 7)).toBe(true)
  })

  it.each([
    ['FG%', 0.5, '50.0'],
    ['FT%', 2 / 3, '66.7'],
    ['3P%', 0, '0.0'],
    ['PTS', 12, '12'],
    ['FGM', undefined, '0'],
  ])('shows %s %j as %j', (abbreviation, value, text) => {
    expect(formatCell(abbreviation, value)).toBe(text)
  })

  it('fills PTS from the made shots as they are typed, and leaves a PTS typed alone', () => {
    let draft = changeCell({}, '2PM', '3', stats)
    draft = changeCell(draft, 'FTM', '1', stats)
    expect(draft.PTS).toBe('7')
    expect(changeCell(draft, '3PM', '2', stats).PTS).toBe('13')
    expect(changeCell(draft, '3PM', 'x', stats).PTS).toBe('7')
    expect(changeCell({ PTS: '9' }, 'FTA', '2', stats).PTS).toBe('9')
    const noShots = stats.filter((s) => s.abbreviation !== '3PM')
    expect(changeCell({}, '2PM', '3', noShots).PTS).toBeUndefined()
  })

  it('turns invalid typed cells into 0 until corrected', () => {
    expect(lineFromDraft({ PTS: '4', FTA: 'x', FTM: '' })).toEqual({ PTS: 4, FTA: 0, FTM: 0 })
  })
})

describe('a box score reloaded after someone else saved', () => {
  it("keeps this person's own changes on the saved lines, and never a stale copy of someone else's line", () => {
    const typed = editableStats(stats)
    // Read at first: player 1 had 10 points, player 2 had 4. This person changed player 3 only.
    const base = new Map([
      [1, { PTS: 10 }],
      [2, { PTS: 4 }],
    ])
    const mine = draftsFrom(base, [1, 2, 3], stats)
    mine[3] = { ...mine[3], PTS: '8' }
    // Meanwhile someone saved player 2's 20 points and player 4's first line.
    const current = new Map([
      [1, { PTS: 10 }],
      [2, { PTS: 20 }],
      [4, { PTS: 6 }],
    ])
    const rebased = rebaseDrafts(mine, [1, 2, 3, 4], stats, base, current)
    expect(rebased[2]?.PTS).toBe('20')
    expect(rebased[4]?.PTS).toBe('6')
    expect(rebased[3]?.PTS).toBe('8')
    expect(rebased[1]?.PTS).toBe('10')
    expect(Object.keys(rebased[3] ?? {}).sort()).toEqual(typed.map((s) => s.abbreviation).sort())
  })
})

describe('points against the final score', () => {
  it.each([
    ['no final score yet', [{ PTS: 10 }], 0, false, false],
    ['no stat lines', [], 50, true, false],
    ['points add up', [{ PTS: 30 }, { PTS: 20 }], 50, true, false],
    ['points fall short', [{ PTS: 30 }, { PTS: 18 }], 50, true, true],
    ['points run over', [{ PTS: 30 }, { PTS: 30 }], 50, true, true],
    ['PTS not kept', [{ REB: 3 }], 50, true, false],
  ])('%s', (_case, lines, finalScore, hasScore, expected) => {
    expect(pointsMismatch(lines, finalScore, hasScore)).toBe(expected)
  })
})

describe('final scores', () => {
  const periods = [
    { id: 4, name: 'Final', order: 5, hidden: false },
    { id: 2, name: '2nd Quarter', order: 2, hidden: false },
    { id: 1, name: '1st Quarter', order: 1, hidden: false },
    { id: 3, name: 'Overtime', order: 3, hidden: true },
  ]
  const detail = {
    game,
    gamePeriods: periods,
    periodScores: [
      { id: 1, team_id: 10, score: 20, gamePeriod: { id: 1, name: '1st Quarter', hidden: false } },
      { id: 2, team_id: 10, score: 52, gamePeriod: { id: 4, name: 'Final', hidden: false } },
    ],
  }

  it('shows visible periods in order, Final aside', () => {
    expect(scorePeriods(periods).map((p) => p.name)).toEqual(['1st Quarter', '2nd Quarter'])
  })

  it('starts from the saved scores', () => {
    expect(scoreDraftsFrom(detail)).toEqual({ home: '52', away: '48', '1:10': '20', '1:20': '', '2:10': '', '2:20': '' })
  })

  it('sends the final score and every visible period (empty as 0), never Final', () => {
    const result = scoresPayload({ home: '60', away: '55', '1:10': '30', '1:20': '', '2:10': '30', '2:20': '25' }, detail)
    expect(result).toEqual({
      ok: true,
      input: {
        score_home: 60,
        score_away: 55,
        periodScores: [
          { game_period_id: 1, team_id: 10, score: 30 },
          { game_period_id: 1, team_id: 20, score: 0 },
          { game_period_id: 2, team_id: 10, score: 30 },
          { game_period_id: 2, team_id: 20, score: 25 },
        ],
      },
    })
  })

  it('sends no period scores when only the final score is typed: the periods stay unknown (–), not 0', () => {
    const result = scoresPayload({ home: '60', away: '55', '1:10': '', '1:20': '', '2:10': ' ', '2:20': '' }, detail)
    expect(result).toEqual({ ok: true, input: { score_home: 60, score_away: 55, periodScores: [] } })
  })

  it.each([
    [{ home: '-1', away: '3' }, 'home'],
    [{ home: '1', away: '4.5' }, 'away'],
    [{ home: '1', away: '2', '2:20': 'x' }, '2:20'],
  ])('refuses %j at %s', (drafts, field) => {
    expect(scoresPayload(drafts, detail)).toEqual({ ok: false, field })
  })
})
