import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { boxScoreRows } from '../../worker/domain/live-box-score'
import {
  type DerivedGame,
  deriveGame,
  type LiveEvent,
  offeredActions,
  orderEvents,
  periodName,
  periodScoreRows,
  STAT_ACTIONS,
} from '../../worker/domain/live-scoring'

const teams = { home: 10, away: 20 }
const players = [
  { id: 1, team: 10 },
  { id: 2, team: 10 },
  { id: 3, team: 20 },
  { id: 4, team: 20 },
]

/** One device's events: stat events, period changes and undos of its own earlier events, numbered 1, 2, 3… */
const deviceEvents = (deviceId: string) =>
  fc
    .array(
      fc.oneof(
        {
          weight: 8,
          arbitrary: fc.record({
            kind: fc.constant('stat' as const),
            action: fc.constantFrom(...STAT_ACTIONS),
            player: fc.nat(3),
          }),
        },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('period' as const) }) },
        { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const), back: fc.nat(5) }) },
      ),
      { maxLength: 40 },
    )
    .map((steps) => {
      const out: LiveEvent[] = []
      let period = 1
      for (const [i, step] of steps.entries()) {
        const base = { id: `${deviceId}-${i}`, deviceId, seq: i + 1, period }
        if (step.kind === 'stat') {
          const p = players[step.player]
          out.push({ ...base, action: step.action, playerId: p.id, teamId: p.team })
        } else if (step.kind === 'period') {
          period += 1
          out.push({ ...base, period, action: 'period', playerId: null, teamId: null })
        } else {
          const target = out[out.length - 1 - step.back]
          out.push({ ...base, action: 'undo', playerId: null, teamId: null, ref: target?.id ?? 'nothing' })
        }
      }
      return out
    })

/** Any interleaving of two sequences that keeps each one's own order. */
const interleaving = (a: LiveEvent[], b: LiveEvent[]) =>
  fc.array(fc.boolean(), { minLength: a.length + b.length, maxLength: a.length + b.length }).map((picks) => {
    const out: LiveEvent[] = []
    let i = 0
    let j = 0
    for (const fromA of picks) {
      if ((fromA && i < a.length) || j >= b.length) out.push(a[i++])
      else out.push(b[j++])
    }
    return out.map((e, pos) => ({ ...e, pos: pos + 1 }))
  })

const comparable = (g: DerivedGame) => JSON.stringify(g)

describe('the box score derived from live events', () => {
  it('does not depend on the order in which two devices’ events arrive', () => {
    const twoDevices = fc
      .tuple(deviceEvents('phone-a'), deviceEvents('phone-b'))
      .chain(([a, b]) => fc.tuple(interleaving(a, b), interleaving(a, b)))
    fc.assert(
      fc.property(twoDevices, ([first, second]) => {
        expect(comparable(deriveGame(first, teams))).toBe(comparable(deriveGame(second, teams)))
        expect(orderEvents(first).length).toBe(first.length)
      }),
      { numRuns: 500 },
    )
  })

  it('counts an event delivered several times once', () => {
    fc.assert(
      fc.property(
        deviceEvents('phone-a'),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        (events, repeats, shuffle) => {
          const once = deriveGame(events, teams)
          const delivered = [...events, ...repeats.filter(() => events.length > 0).map((r) => events[r % events.length])]
          // Resends arrive anywhere in the stream.
          for (const [i, s] of shuffle.entries()) {
            const j = i % delivered.length
            const k = s % delivered.length
            ;[delivered[j], delivered[k]] = [delivered[k], delivered[j]]
          }
          const again = deriveGame(delivered, teams)
          expect(comparable(again)).toBe(comparable(once))
          expect(again.events).toBe(events.length)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('gives PTS from made shots only, and the score is the sum of each side’s points', () => {
    fc.assert(
      fc.property(deviceEvents('phone-a'), (events) => {
        const g = deriveGame(events, teams)
        for (const line of g.lines) {
          const s = line.stats
          expect(s.PTS).toBe(2 * (s['2PM'] ?? 0) + 3 * (s['3PM'] ?? 0) + (s.FTM ?? 0))
        }
        const side = (team: number) => g.lines.filter((l) => l.teamId === team).reduce((sum, l) => sum + l.stats.PTS, 0)
        expect(g.score).toEqual({ home: side(10), away: side(20) })
        expect(g.periods.reduce((s, p) => s + p.home, 0)).toBe(g.score.home)
      }),
      { numRuns: 300 },
    )
  })

  it('an undo cancels its event; an undo of an undo cancels nothing; the final whistle closes the game', () => {
    const e = (id: string, action: LiveEvent['action'], extra: Partial<LiveEvent> = {}): LiveEvent => ({
      id,
      deviceId: 'd',
      seq: Number(id.slice(1)),
      action,
      playerId: 1,
      teamId: 10,
      period: 1,
      ...extra,
    })
    const events = [
      e('e1', 'three_made'),
      e('e2', 'two_made'),
      e('e3', 'undo', { ref: 'e2', playerId: null, teamId: null }),
      e('e4', 'undo', { ref: 'e3', playerId: null, teamId: null }),
      e('e5', 'period', { period: 2, playerId: null, teamId: null }),
      e('e6', 'ft_made', { period: 2, playerId: 3, teamId: 20 }),
      e('e7', 'end', { period: 2, playerId: null, teamId: null }),
    ]
    const g = deriveGame(events, teams)
    expect(g.score).toEqual({ home: 3, away: 1 })
    expect(g.periods).toEqual([
      { period: 1, home: 3, away: 0 },
      { period: 2, home: 0, away: 1 },
    ])
    expect(g.period).toBe(2)
    expect(g.final).toBe(true)
    expect(g.lines.find((l) => l.playerId === 1)?.stats).toMatchObject({ PTS: 3, '3PM': 1, '3PA': 1, FGM: 1, FGA: 1 })
    expect(orderEvents([...events].reverse()).map((x) => x.id)).toEqual(events.map((x) => x.id))
  })
})

describe('the final whistle', () => {
  /** What a derivation says about the game, without the count of events it was given. */
  const outcome = (g: DerivedGame) => comparable({ ...g, events: 0 })

  it('applies nothing after the final whistle, in whatever order the events are listed', () => {
    fc.assert(
      fc.property(
        deviceEvents('phone-a'),
        deviceEvents('phone-a'),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 60 }),
        (before, after, stored, shuffle) => {
          // One device's taps: some, the final whistle, then more (a basket sent after `end` in the same batch).
          const end: LiveEvent = {
            id: 'the-end',
            deviceId: 'phone-a',
            seq: before.length + 1,
            action: 'end',
            playerId: null,
            teamId: null,
            period: 1,
          }
          const later = after.map((e, i) => ({
            ...e,
            id: `late-${e.id}`,
            seq: before.length + 2 + i,
            ref: e.ref ? `late-${e.ref}` : e.ref,
          }))
          // Stored by the room (positions in the device's order), or still on the phone (no position yet).
          const game = [...before, end, ...later].map((e) => (stored ? { ...e, pos: e.seq } : e))
          const listed = [...game]
          for (const [i, s] of shuffle.entries()) {
            const j = i % listed.length
            const k = s % listed.length
            ;[listed[j], listed[k]] = [listed[k], listed[j]]
          }
          const upToEnd = deriveGame(game.slice(0, before.length + 1), teams)
          expect(upToEnd.final).toBe(true)
          expect(outcome(deriveGame(listed, teams))).toBe(outcome(upToEnd))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('a basket after the final whistle in the same batch does not count', () => {
    const base = { deviceId: 'd', playerId: 1, teamId: 10, period: 1 }
    const events: LiveEvent[] = [
      { ...base, id: 'e1', seq: 1, pos: 1, action: 'end', playerId: null, teamId: null },
      { ...base, id: 'e2', seq: 2, pos: 2, action: 'two_made' },
    ]
    const g = deriveGame(events, teams)
    expect(g.final).toBe(true)
    expect(g.score).toEqual({ home: 0, away: 0 })
    expect(g.lines).toEqual([])
    expect(deriveGame([...events].reverse(), teams).score).toEqual({ home: 0, away: 0 })
  })
})

describe('mapping onto the organization’s own stats and periods', () => {
  const game = deriveGame(
    [
      { id: 'a', deviceId: 'd', seq: 1, action: 'two_made', playerId: 1, teamId: 10, period: 1 },
      { id: 'b', deviceId: 'd', seq: 2, action: 'three_missed', playerId: 1, teamId: 10, period: 1 },
      { id: 'c', deviceId: 'd', seq: 3, action: 'reb_off', playerId: 1, teamId: 10, period: 5 },
      { id: 'd', deviceId: 'd', seq: 4, action: 'foul', playerId: 3, teamId: 20, period: 6 },
      { id: 'e', deviceId: 'd', seq: 5, action: 'ft_made', playerId: 3, teamId: 20, period: 6 },
    ],
    teams,
  )

  it('fills each counting stat the organization keeps (aliases too), never percentages', () => {
    const defs = ['PTS', 'FGM', 'FGA', 'FG%', '2PM', '2PA', '3PM', '3PA', 'REB', 'F', 'MIN'].map((abbreviation, i) => ({
      id: i + 1,
      abbreviation,
    }))
    const rows = boxScoreRows(game, defs)
    const value = (player: number, abbreviation: string) =>
      rows.find((r) => r.playerId === player && r.statId === defs.find((d) => d.abbreviation === abbreviation)?.id)?.value
    expect(value(1, 'PTS')).toBe(2)
    expect(value(1, 'FGA')).toBe(2)
    expect(value(1, 'REB')).toBe(1)
    expect(value(3, 'F')).toBe(1)
    expect(value(3, 'PTS')).toBe(1)
    expect(value(1, 'FG%')).toBeUndefined()
    expect(value(1, 'MIN')).toBeUndefined()
  })

  it('puts overtimes into the last playing period and names them', () => {
    const periods = ['1st Quarter', '2nd Quarter', '3rd Quarter', '4th Quarter', 'Overtime', 'Final'].map((name, i) => ({
      id: 100 + i,
      name,
      order: i + 1,
    }))
    const rows = periodScoreRows(game, periods, teams)
    expect(rows.find((r) => r.gamePeriodId === 100 && r.teamId === 10)?.score).toBe(2)
    expect(rows.find((r) => r.gamePeriodId === 104 && r.teamId === 20)?.score).toBe(1)
    expect(rows.some((r) => r.gamePeriodId === 105)).toBe(false)
    expect(periodName(periods, 4)).toBe('4th Quarter')
    expect(periodName(periods, 6)).toBe('Overtime 2')
  })

  it('offers the shots always, and other actions only for stats the organization shows', () => {
    expect(offeredActions(['PTS', 'REB', 'AST'])).toEqual([
      'two_made',
      'two_missed',
      'three_made',
      'three_missed',
      'ft_made',
      'ft_missed',
      'reb',
      'ast',
    ])
    expect(offeredActions(['OREB', 'DREB', 'TOV', 'PF'])).toEqual([
      'two_made',
      'two_missed',
      'three_made',
      'three_missed',
      'ft_made',
      'ft_missed',
      'reb_off',
      'reb_def',
      'to',
      'foul',
    ])
  })
})
