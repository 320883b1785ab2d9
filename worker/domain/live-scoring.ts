// Live scoring (docs/live-scoring.md): the events a scorer taps are the truth of a live game. The box
// score, PTS (from made shots), the period scores and the final score are derived from them here,
// by the server (Durable Object, D1 writes) and by the browser (scorer and fan pages) alike.
//
// Everything derived is a function of the SET of events: a duplicate delivery (same id) counts
// once, and the order in which two devices' events arrive changes nothing. An undo is itself an
// event naming the one it cancels, so corrections keep the trail of who scored what.

import type { LiveEvent } from '../contract/live'
import { GAME_ACTIONS, STAT_ACTIONS } from '../contract/values'
import { at } from './at'
import { isFinalPeriod } from './derived-stats'

export { GAME_ACTIONS, STAT_ACTIONS }

export type StatAction = (typeof STAT_ACTIONS)[number]
export type GameAction = (typeof GAME_ACTIONS)[number]
export type LiveAction = StatAction | GameAction
export const LIVE_ACTIONS: readonly LiveAction[] = [...STAT_ACTIONS, ...GAME_ACTIONS]

export const isStatAction = (a: string): a is StatAction => (STAT_ACTIONS as readonly string[]).includes(a)

interface ActionInfo {
  label: string
  points: number
  /** Counting stats the action adds one to (canonical abbreviations, see STAT_ALIASES). */
  stats: string[]
}

export const ACTION_INFO: Record<StatAction, ActionInfo> = {
  two_made: { label: '2PT made', points: 2, stats: ['2PM', '2PA', 'FGM', 'FGA'] },
  two_missed: { label: '2PT miss', points: 0, stats: ['2PA', 'FGA'] },
  three_made: { label: '3PT made', points: 3, stats: ['3PM', '3PA', 'FGM', 'FGA'] },
  three_missed: { label: '3PT miss', points: 0, stats: ['3PA', 'FGA'] },
  ft_made: { label: 'FT made', points: 1, stats: ['FTM', 'FTA'] },
  ft_missed: { label: 'FT miss', points: 0, stats: ['FTA'] },
  reb_off: { label: 'Off reb', points: 0, stats: ['OREB', 'REB'] },
  reb_def: { label: 'Def reb', points: 0, stats: ['DREB', 'REB'] },
  reb: { label: 'Rebound', points: 0, stats: ['REB'] },
  ast: { label: 'Assist', points: 0, stats: ['AST'] },
  stl: { label: 'Steal', points: 0, stats: ['STL'] },
  blk: { label: 'Block', points: 0, stats: ['BLK'] },
  to: { label: 'Turnover', points: 0, stats: ['TO'] },
  foul: { label: 'Foul', points: 0, stats: ['PF'] },
}

/** Other abbreviations organizations use for the same counting stat. */
export const STAT_ALIASES: Record<string, string[]> = {
  PTS: ['PTS', 'P', 'POINTS'],
  REB: ['REB', 'RB', 'TRB'],
  OREB: ['OREB', 'OR', 'ORB'],
  DREB: ['DREB', 'DR', 'DRB'],
  TO: ['TO', 'TOV'],
  PF: ['PF', 'F', 'FOUL', 'FOULS'],
}

/** The canonical stat an organization's abbreviation stands for (itself when it has no alias). */
export function canonicalStat(abbreviation: string): string {
  const upper = abbreviation.trim().toUpperCase()
  for (const [canonical, aliases] of Object.entries(STAT_ALIASES)) if (aliases.includes(upper)) return canonical
  return upper
}

/** One event as stored and sent: its wire shape is worker/contract/live.ts. */
export type { LiveEvent }

export interface DerivedLine {
  playerId: number
  teamId: number
  /** Canonical counting stats (PTS, 2PM, …, REB, PF). */
  stats: Record<string, number>
}

export interface DerivedGame {
  lines: DerivedLine[]
  score: { home: number; away: number }
  /** Points per period (1-based), every period up to the current one. */
  periods: { period: number; home: number; away: number }[]
  period: number
  final: boolean
  /** Distinct events counted (after duplicates). */
  events: number
}

/** The events once each (the first copy of an id wins), in the game's order: arrival, then device and sequence. */
export function orderEvents<E extends LiveEvent>(events: readonly E[]): E[] {
  const seen = new Map<string, E>()
  for (const e of events) if (!seen.has(e.id)) seen.set(e.id, e)
  return [...seen.values()].sort(
    (a, b) =>
      (a.pos ?? Number.MAX_SAFE_INTEGER) - (b.pos ?? Number.MAX_SAFE_INTEGER) ||
      (a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : 0) ||
      a.seq - b.seq,
  )
}

/** Ids of the events an undo cancels (an undo of an undo, or of the final whistle, cancels nothing). */
export function cancelledIds(events: readonly LiveEvent[]): Set<string> {
  const byId = new Map(events.map((e) => [e.id, e]))
  const cancelled = new Set<string>()
  for (const e of events) {
    if (e.action !== 'undo' || !e.ref) continue
    const target = byId.get(e.ref)
    if (target && target.action !== 'undo' && target.action !== 'end') cancelled.add(e.ref)
  }
  return cancelled
}

/**
 * The box score, score, period scores, current period and whether the game is over, from the events:
 * those up to the first final whistle in the game's order (orderEvents).
 */
export function deriveGame(events: readonly LiveEvent[], teams: { home: number; away: number }): DerivedGame {
  const all = orderEvents(events)
  // Nothing after the final whistle counts, wherever a batch listed it (docs/live-scoring.md "Events"):
  // the game's order decides what came after it.
  const whistle = all.findIndex((e) => e.action === 'end')
  const played = whistle < 0 ? all : all.slice(0, whistle)
  const final = whistle >= 0
  const cancelled = cancelledIds(played)
  const lines = new Map<number, DerivedLine>()
  const periodPoints = new Map<number, { home: number; away: number }>()
  let period = 1
  for (const e of played) {
    if (cancelled.has(e.id) || e.action === 'undo') continue
    period = Math.max(period, e.period)
    if (!isStatAction(e.action) || e.playerId === null || e.teamId === null) continue
    const info = ACTION_INFO[e.action]
    let line = lines.get(e.playerId)
    if (!line) {
      line = { playerId: e.playerId, teamId: e.teamId, stats: { PTS: 0 } }
      lines.set(e.playerId, line)
    }
    for (const stat of info.stats) line.stats[stat] = (line.stats[stat] ?? 0) + 1
    line.stats.PTS = (line.stats.PTS ?? 0) + info.points
    if (info.points > 0) {
      const side = e.teamId === teams.home ? 'home' : e.teamId === teams.away ? 'away' : null
      if (side) {
        const p = periodPoints.get(e.period) ?? { home: 0, away: 0 }
        p[side] += info.points
        periodPoints.set(e.period, p)
      }
    }
  }
  const periods = []
  for (let p = 1; p <= Math.max(period, ...periodPoints.keys()); p++)
    periods.push({ period: p, ...(periodPoints.get(p) ?? { home: 0, away: 0 }) })
  const score = {
    home: periods.reduce((s, p) => s + p.home, 0),
    away: periods.reduce((s, p) => s + p.away, 0),
  }
  return {
    // Keys in one order whatever the events' order, so two derivations compare equal as text too.
    lines: [...lines.values()]
      .sort((a, b) => a.playerId - b.playerId)
      .map((l) => ({ ...l, stats: Object.fromEntries(Object.entries(l.stats).sort(([a], [b]) => (a < b ? -1 : 1))) })),
    score,
    periods,
    period,
    final,
    events: all.length,
  }
}

/**
 * The actions a scorer is offered for the organization's visible stats: every shot (they make the
 * score), and each other action whose stat the organization shows. Rebounds are split into
 * offensive/defensive only when the organization keeps those.
 */
export function offeredActions(visibleAbbreviations: Iterable<string>): StatAction[] {
  const kept = new Set([...visibleAbbreviations].map(canonicalStat))
  const split = kept.has('OREB') || kept.has('DREB')
  return STAT_ACTIONS.filter((a) => {
    if (ACTION_INFO[a].points > 0 || a === 'two_missed' || a === 'three_missed' || a === 'ft_missed') return true
    if (a === 'reb') return !split && kept.has('REB')
    if (a === 'reb_off' || a === 'reb_def') return split
    return ACTION_INFO[a].stats.some((s) => kept.has(s))
  })
}

export interface PeriodRef {
  id: number
  name: string
  order: number
}

/** The organization's playing periods in order (every one but Final): live period n is the nth, extra ones count in the last. */
export function playingPeriods<P extends PeriodRef>(periods: readonly P[]): P[] {
  return [...periods].filter((p) => !isFinalPeriod(p)).sort((a, b) => a.order - b.order || a.id - b.id)
}

/** The period name of live period n ("Period n" when the organization has none). */
export function periodName(periods: readonly PeriodRef[], n: number): string {
  const playing = playingPeriods(periods)
  if (playing.length === 0) return `Period ${n}`
  if (n > playing.length) {
    const last = at(playing, playing.length - 1).name
    return /overtime|extra/i.test(last) ? `${last} ${n - playing.length + 1}` : `Period ${n}`
  }
  return at(playing, n - 1).name
}

/** Period scores as rows of the organization's periods (period_scores), the extra periods added into the last. */
export function periodScoreRows(game: DerivedGame, periods: readonly PeriodRef[], teams: { home: number; away: number }) {
  const playing = playingPeriods(periods)
  if (playing.length === 0) return []
  const totals = new Map<number, { home: number; away: number }>()
  for (const p of game.periods) {
    const target = at(playing, Math.min(p.period, playing.length) - 1).id
    const t = totals.get(target) ?? { home: 0, away: 0 }
    t.home += p.home
    t.away += p.away
    totals.set(target, t)
  }
  return [...totals].flatMap(([gamePeriodId, t]) => [
    { gamePeriodId, teamId: teams.home, score: t.home },
    { gamePeriodId, teamId: teams.away, score: t.away },
  ])
}

/** Short text of an event for the play-by-play ("2PT made", "Undo", "Period 2"). */
export function describeAction(action: LiveAction): string {
  if (isStatAction(action)) return ACTION_INFO[action].label
  return action === 'undo' ? 'Undo' : action === 'period' ? 'Period change' : 'Final'
}
