// The game pages' box-score bookkeeping: saved rows → lines, the editor's typed text → lines and the
// PUT payload, period columns, and the PTS-versus-final-score check. The arithmetic itself (derived
// FGM/FGA, percentages, totals) is worker/domain/derived-stats.ts, shared with the server.
import {
  completeLine,
  formatStat,
  isDerived,
  isPercentage,
  type StatLine,
  totalLine,
} from '../../../../worker/domain/derived-stats'
import type { BoxScoreInput, GameDetail, GamePeriod, PeriodScore, ScoresInput, StatDefinition } from './api'

/** What a person typed in each editable cell of one player's line (abbreviation → text). */
export type DraftLine = Record<string, string>
/** The editor's lines by player id. */
export type Drafts = Record<number, DraftLine>

/** Spec 02 §5: stat cells are whole numbers; the server takes 0–999. */
export const MAX_STAT = 999
export const MAX_SCORE = 999

export const abbreviationsOf = (stats: StatDefinition[]) => stats.map((s) => s.abbreviation)

/** The stats a person types (percentages and, with 2P/3P kept, FGM/FGA are derived). */
export function editableStats(stats: StatDefinition[]): StatDefinition[] {
  const abbreviations = abbreviationsOf(stats)
  return stats.filter((s) => !isDerived(s.abbreviation, abbreviations))
}

/** Saved visible stat values by player: player id → abbreviation → value. */
export function savedLines(detail: Pick<GameDetail, 'allStats' | 'playerStats'>): Map<number, StatLine> {
  const abbreviationOf = new Map(detail.allStats.map((s) => [s.id, s.abbreviation]))
  const lines = new Map<number, StatLine>()
  for (const row of detail.playerStats) {
    const abbreviation = abbreviationOf.get(row.stat_id)
    if (!abbreviation) continue // a hidden stat: not shown, kept as it is on save
    const line = lines.get(row.player_id) ?? {}
    line[abbreviation] = row.value
    lines.set(row.player_id, line)
  }
  return lines
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

/** A typed cell as a number: empty is 0 (spec 02 §5); anything but a whole number 0–999 is null. */
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

/** Whether a line has anything in it: a player with an empty line did not play. */
export const hasValues = (line: StatLine | undefined) => Object.values(line ?? {}).some((v) => v > 0)

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
 * The PUT /api/player-game-stats body. The call replaces the whole box score, so:
 * - a player's line goes when anything in it is above 0 (decision: an all-empty line means the
 *   player did not play, so the game never counts towards their games played);
 * - inside a line, empty cells save as 0 (spec 02 §5); derived cells are left to the server;
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

/** Every shown cell of a line: typed values plus the derived ones, recomputed (spec 02 §5). */
export const displayLine = (line: StatLine, stats: StatDefinition[]) => completeLine(line, abbreviationsOf(stats))

/** A team's totals row: counting stats summed, percentages from summed made and attempted. */
export const teamTotals = (lines: StatLine[], stats: StatDefinition[]) => totalLine(lines, abbreviationsOf(stats))

/** A cell's text: percentages to one decimal (45.6), counts as whole numbers (spec 02 §9). */
export function formatCell(abbreviation: string, value: number | undefined): string {
  if (isPercentage(abbreviation)) return formatStat(value ?? 0, true)
  return String(Math.round(value ?? 0))
}

/**
 * Spec 02 §4: the warning that a team's summed PTS differs from its saved final score. Only once
 * there is something to compare: the game has a final score and the team has stat lines.
 */
export function pointsMismatch(lines: StatLine[], finalScore: number, gameHasScore: boolean): boolean {
  if (!gameHasScore || lines.length === 0) return false
  if (!lines.some((line) => 'PTS' in line)) return false
  const points = lines.reduce((sum, line) => sum + (line.PTS ?? 0), 0)
  return points !== finalScore
}

export const isFinalPeriod = (period: { name: string }) => period.name.trim().toLowerCase() === 'final'

/** The period columns of the score table: visible periods in order, Final aside (it is the final score). */
export function scorePeriods(periods: GamePeriod[]): GamePeriod[] {
  return periods.filter((p) => !p.hidden && !isFinalPeriod(p)).sort((a, b) => a.order - b.order || a.id - b.id)
}

export function periodScoreOf(scores: PeriodScore[], periodId: number, teamId: number): number | null {
  return scores.find((s) => s.gamePeriod.id === periodId && s.team_id === teamId)?.score ?? null
}

/** The final-score editor's text: "home", "away" and "period id:team id". */
export type ScoreDrafts = Record<string, string>
export const periodKey = (periodId: number, teamId: number) => `${periodId}:${teamId}`

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
 * (spec 02 §5); an empty period cell saves as 0. The period named Final is never sent: the server
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
  return { ok: true, input: { score_home: home, score_away: away, periodScores } }
}
