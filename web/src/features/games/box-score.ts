// The game pages' box-score bookkeeping: saved rows → lines, the editor's typed text → lines and the
// PUT payload, period columns, and the PTS-versus-final-score check. The arithmetic itself (derived
// FGM/FGA, percentages, totals) is worker/domain/derived-stats.ts, shared with the server.
import {
  completeLine,
  formatStat,
  isFinalPeriod,
  isPercentage,
  type StatLine,
  totalLine,
} from '../../../../worker/domain/derived-stats'

export { isFinalPeriod }

import type { GameDetail, GamePeriod, PeriodScore, StatDefinition } from './api'

/** What a person typed in each editable cell of one player's line (abbreviation → text). */
export type DraftLine = Record<string, string>
/** The editor's lines by player id. */
export type Drafts = Record<number, DraftLine>

/** docs/reference/league-admin.md §5: stat cells are whole numbers; the server takes 0–999. */
export const MAX_STAT = 999
export const MAX_SCORE = 999

export const abbreviationsOf = (stats: StatDefinition[]) => stats.map((s) => s.abbreviation)

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

/** Whether a line has anything in it: a player with an empty line did not play. */
export const hasValues = (line: StatLine | undefined) => Object.values(line ?? {}).some((v) => v > 0)

/** Every shown cell of a line: typed values plus the derived ones, recomputed (docs/reference/league-admin.md §5). */
export const displayLine = (line: StatLine, stats: StatDefinition[]) => completeLine(line, abbreviationsOf(stats))

/** A team's totals row: counting stats summed, percentages from summed made and attempted. */
export const teamTotals = (lines: StatLine[], stats: StatDefinition[]) => totalLine(lines, abbreviationsOf(stats))

/** A cell's text: percentages to one decimal (45.6), counts as whole numbers (docs/reference/league-admin.md §9). */
export function formatCell(abbreviation: string, value: number | undefined): string {
  if (isPercentage(abbreviation)) return formatStat(value ?? 0, true)
  return String(Math.round(value ?? 0))
}

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
