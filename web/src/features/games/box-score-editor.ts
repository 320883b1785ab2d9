// The admin game page's editor: typed text → lines, validation and the PUT payloads. Kept apart
// from box-score.ts so the public game page never downloads it (docs/reference/performance.md, first-load budget).
import { isDerived, pointsAreDerived, pointsFromShots, type StatLine } from '../../../../worker/domain/derived-stats'
import type { BoxScoreInput, GameDetail, ScoresInput, StatDefinition } from './api'
import {
  abbreviationsOf,
  type DraftLine,
  type Drafts,
  hasValues,
  MAX_SCORE,
  MAX_STAT,
  periodKey,
  periodScoreOf,
  type ScoreDrafts,
  scorePeriods,
} from './box-score'

/** The stats a person types (percentages and, with 2P/3P kept, FGM/FGA are derived). */
export function editableStats(stats: StatDefinition[]): StatDefinition[] {
  const abbreviations = abbreviationsOf(stats)
  return stats.filter((s) => !isDerived(s.abbreviation, abbreviations))
}

/** The editor's starting text: the saved values, empty where a player has no line yet. */
export function draftsFrom(saved: Map<number, StatLine>, playerIds: number[], stats: StatDefinition[]): Drafts {
  const drafts: Drafts = {}
  for (const id of playerIds) {
    const line = saved.get(id)
    const draft: DraftLine = {}
    for (const stat of editableStats(stats)) {
      const value = line?.[stat.abbreviation]
      draft[stat.abbreviation] = value === undefined ? '' : String(value)
    }
    drafts[id] = draft
  }
  return drafts
}

const SHOTS = ['FTM', '2PM', '3PM']

/**
 * A draft line after one cell changed. When the organization keeps FTM, 2PM and 3PM, typing a made
 * shot fills PTS with the points they make (docs/live-scoring.md: no number typed twice); PTS stays
 * a typed cell, so a line kept with points and no shots, and clients that send PTS, work as before.
 */
export function changeCell(draft: DraftLine, abbreviation: string, text: string, stats: StatDefinition[]): DraftLine {
  const next = { ...draft, [abbreviation]: text }
  if (!SHOTS.includes(abbreviation) || !pointsAreDerived(abbreviationsOf(stats))) return next
  if (SHOTS.some((a) => parseWholeNumber(next[a] ?? '') === null)) return next
  return { ...next, PTS: String(pointsFromShots(lineFromDraft(next))) }
}

/** A typed cell as a number: empty is 0 (docs/reference/league-admin.md §5); anything but a whole number 0–999 is null. */
export function parseWholeNumber(text: string, max = MAX_STAT): number | null {
  const trimmed = text.trim()
  if (trimmed === '') return 0
  if (!/^\d+$/.test(trimmed)) return null
  const value = Number(trimmed)
  return value <= max ? value : null
}

/** A draft line as numbers (invalid cells count as 0 until corrected). */
export function lineFromDraft(draft: DraftLine | undefined): StatLine {
  const line: StatLine = {}
  for (const [abbreviation, text] of Object.entries(draft ?? {})) line[abbreviation] = parseWholeNumber(text) ?? 0
  return line
}

/** The first cell that is not a whole number 0–999, as "player id / abbreviation", or null. */
export function firstInvalidCell(drafts: Drafts): { playerId: number; abbreviation: string } | null {
  for (const [playerId, draft] of Object.entries(drafts)) {
    for (const [abbreviation, text] of Object.entries(draft)) {
      if (parseWholeNumber(text) === null) return { playerId: Number(playerId), abbreviation }
    }
  }
  return null
}

/**
 * The whole box score as drafted, the base of changedLinesPayload (which sends only changed lines):
 * - a player's line goes when anything in it is above 0 (decision: an all-empty line means the
 *   player did not play, so the game never counts towards their games played);
 * - inside a line, empty cells save as 0 (docs/reference/league-admin.md §5); derived cells are left to the server;
 * - values of stats the organization hides are sent back unchanged, so hiding never loses data.
 */
export function boxScorePayload(
  gameId: number,
  playerIds: number[],
  drafts: Drafts,
  detail: Pick<GameDetail, 'allStats' | 'playerStats'>,
): BoxScoreInput {
  const editable = editableStats(detail.allStats)
  const visibleIds = new Set(detail.allStats.map((s) => s.id))
  const hiddenRows = detail.playerStats.filter((row) => !visibleIds.has(row.stat_id))
  const stats: BoxScoreInput['stats'] = []
  for (const playerId of playerIds) {
    const line = lineFromDraft(drafts[playerId])
    const hidden = hiddenRows.filter((row) => row.player_id === playerId)
    if (!hasValues(line) && !hidden.some((row) => row.value > 0)) continue
    for (const stat of editable) {
      stats.push({ player_id: playerId, game_id: gameId, stat_id: stat.id, value: line[stat.abbreviation] ?? 0 })
    }
    for (const row of hidden) stats.push({ player_id: playerId, game_id: gameId, stat_id: row.stat_id, value: row.value })
  }
  return { game_id: gameId, stats }
}

/**
 * The box score as the dashboard saves it (docs/api-concurrency.md): only the lines this person
 * changed, each with the version it was read at, so a line someone else saved meanwhile is refused
 * instead of overwritten, line by line. A line that was cleared is named with no stats: the server
 * removes it. The game page adds the whole box score's version (admin-game-page.tsx).
 */
export function changedLinesPayload(
  gameId: number,
  playerIds: number[],
  drafts: Drafts,
  detail: Pick<GameDetail, 'allStats' | 'playerStats' | 'lineVersions'>,
  saved: Map<number, StatLine>,
): BoxScoreInput {
  const whole = boxScorePayload(gameId, playerIds, drafts, detail)
  const editable = editableStats(detail.allStats)
  const changed = playerIds.filter((id) => {
    const now = lineFromDraft(drafts[id])
    const before = saved.get(id) ?? {}
    return editable.some((s) => (now[s.abbreviation] ?? 0) !== (before[s.abbreviation] ?? 0))
  })
  const named = new Set(changed)
  return {
    game_id: gameId,
    // The request type reads ids as the route does (any input it coerces); these are the numbers pushed above.
    stats: whole.stats.filter((row) => named.has(Number(row.player_id))),
    lineVersions: Object.fromEntries(changed.map((id) => [id, detail.lineVersions?.[id] ?? 0])),
  }
}

/** The players whose drafted line differs from the line read (`base`): this person's own changes. */
export function changedPlayers(
  playerIds: number[],
  drafts: Drafts,
  stats: StatDefinition[],
  base: Map<number, StatLine>,
): number[] {
  const editable = editableStats(stats)
  return playerIds.filter((id) => {
    const now = lineFromDraft(drafts[id])
    const before = base.get(id) ?? {}
    return editable.some((s) => (now[s.abbreviation] ?? 0) !== (before[s.abbreviation] ?? 0))
  })
}

/**
 * The editor's text after the box score was saved by someone else (docs/api-concurrency.md): the
 * lines saved now, with this person's own changes (their lines that differ from what they read,
 * `base`) on top. Every other line takes the saved value, so a save that follows never sends back
 * a stale copy of a line someone else changed.
 */
export function rebaseDrafts(
  mine: Drafts,
  playerIds: number[],
  stats: StatDefinition[],
  base: Map<number, StatLine>,
  current: Map<number, StatLine>,
): Drafts {
  const rebased = draftsFrom(current, playerIds, stats)
  for (const id of changedPlayers(playerIds, mine, stats, base)) {
    const line = mine[id]
    if (line) rebased[id] = line
  }
  return rebased
}

/**
 * docs/reference/league-admin.md §4: the warning that a team's summed PTS differs from its saved final score. Only once
 * there is something to compare: the game has a final score and the team has stat lines.
 */
export function pointsMismatch(lines: StatLine[], finalScore: number, gameHasScore: boolean): boolean {
  if (!gameHasScore || lines.length === 0) return false
  if (!lines.some((line) => 'PTS' in line)) return false
  const points = lines.reduce((sum, line) => sum + (line.PTS ?? 0), 0)
  return points !== finalScore
}

export function scoreDraftsFrom(detail: Pick<GameDetail, 'game' | 'gamePeriods' | 'periodScores'>): ScoreDrafts {
  const { game } = detail
  const drafts: ScoreDrafts = { home: String(game.score_home), away: String(game.score_away) }
  for (const period of scorePeriods(detail.gamePeriods)) {
    for (const teamId of [game.team1_id, game.team2_id]) {
      const score = periodScoreOf(detail.periodScores, period.id, teamId)
      drafts[periodKey(period.id, teamId)] = score === null ? '' : String(score)
    }
  }
  return drafts
}

/**
 * The PUT /api/gamesv2/{id}/scores body, or the first invalid field's key. Final scores are integers
 * (docs/reference/league-admin.md §5); an empty period cell saves as 0 — unless every one is empty, when no period
 * score is sent and the periods stay unknown ("–"). The period named Final is never sent: the server
 * keeps it equal to the final score.
 */
export function scoresPayload(
  drafts: ScoreDrafts,
  detail: Pick<GameDetail, 'game' | 'gamePeriods'>,
): { ok: true; input: ScoresInput } | { ok: false; field: string } {
  const home = parseWholeNumber(drafts.home ?? '', MAX_SCORE)
  if (home === null) return { ok: false, field: 'home' }
  const away = parseWholeNumber(drafts.away ?? '', MAX_SCORE)
  if (away === null) return { ok: false, field: 'away' }
  const periodScores: ScoresInput['periodScores'] = []
  for (const period of scorePeriods(detail.gamePeriods)) {
    for (const teamId of [detail.game.team1_id, detail.game.team2_id]) {
      const key = periodKey(period.id, teamId)
      const score = parseWholeNumber(drafts[key] ?? '', MAX_SCORE)
      if (score === null) return { ok: false, field: key }
      periodScores.push({ game_period_id: period.id, team_id: teamId, score })
    }
  }
  // Only the final score typed: the periods are unknown, not 0 (the table shows "–" for them).
  const anyPeriod = Object.entries(drafts).some(([key, text]) => key.includes(':') && text.trim() !== '')
  return { ok: true, input: { score_home: home, score_away: away, periodScores: anyPeriod ? periodScores : [] } }
}
