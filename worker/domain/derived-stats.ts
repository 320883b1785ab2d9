// Box-score arithmetic (docs/reference/league-admin.md §5): FGM and FGA are the sums of 2- and 3-point made / attempted
// where those stats exist; every percentage is made ÷ attempted, 0 without attempts. Shared by the
// stat editor in the browser and the server, so both always agree.

export type StatLine = Record<string, number>

/** Percentage stat → [made, attempted]. */
export const PERCENTAGES: Record<string, [string, string]> = {
  'FG%': ['FGM', 'FGA'],
  'FT%': ['FTM', 'FTA'],
  '2P%': ['2PM', '2PA'],
  '3P%': ['3PM', '3PA'],
}

export const isPercentage = (abbreviation: string) => abbreviation in PERCENTAGES

/** Made ÷ attempted as a ratio (0.456), 0 when nothing was attempted. */
export function percentage(made: number, attempted: number): number {
  return attempted > 0 ? made / attempted : 0
}

/** Whether FGM/FGA are computed from the 2- and 3-point stats the organization keeps. */
export function fieldGoalsAreDerived(abbreviations: Iterable<string>): boolean {
  const set = new Set(abbreviations)
  return ['2PM', '2PA', '3PM', '3PA'].every((a) => set.has(a))
}

/** Whether PTS can follow the made shots: the organization keeps PTS, FTM, 2PM and 3PM (docs/live-scoring.md). */
export function pointsAreDerived(abbreviations: Iterable<string>): boolean {
  const set = new Set(abbreviations)
  return ['PTS', 'FTM', '2PM', '3PM'].every((a) => set.has(a))
}

/** PTS from the made shots: FTM + 2 × 2PM + 3 × 3PM. */
export const pointsFromShots = (line: StatLine) => (line.FTM ?? 0) + 2 * (line['2PM'] ?? 0) + 3 * (line['3PM'] ?? 0)

/** Stats a person never types: percentages always, FGM/FGA when 2P and 3P are kept. */
export function isDerived(abbreviation: string, abbreviations: Iterable<string>): boolean {
  if (isPercentage(abbreviation)) return true
  return (abbreviation === 'FGM' || abbreviation === 'FGA') && fieldGoalsAreDerived(abbreviations)
}

/** A line with every derived value filled in from the typed ones. */
export function completeLine(line: StatLine, abbreviations: Iterable<string>): StatLine {
  const out: StatLine = { ...line }
  const value = (a: string) => out[a] ?? 0
  if (fieldGoalsAreDerived(abbreviations)) {
    out.FGM = value('2PM') + value('3PM')
    out.FGA = value('2PA') + value('3PA')
  }
  for (const [pct, [made, attempted]] of Object.entries(PERCENTAGES)) out[pct] = percentage(value(made), value(attempted))
  return out
}

/** Team (or season) totals: counting stats summed, percentages from the summed made and attempted. */
export function totalLine(lines: StatLine[], abbreviations: Iterable<string>): StatLine {
  const sum: StatLine = {}
  for (const line of lines) {
    for (const [a, v] of Object.entries(line)) if (!isPercentage(a)) sum[a] = (sum[a] ?? 0) + v
  }
  return completeLine(sum, abbreviations)
}

/** Per-game averages of counting stats; percentages from the totals. */
export function averageLine(lines: StatLine[], abbreviations: Iterable<string>): StatLine {
  const total = totalLine(lines, abbreviations)
  const games = lines.length
  const out: StatLine = {}
  for (const [a, v] of Object.entries(total)) out[a] = isPercentage(a) || games === 0 ? v : v / games
  return out
}

/** Effective field-goal percentage: (FGM + 0.5 × 3PM) ÷ FGA, 0 without attempts. */
export function effectiveFieldGoalPercentage(line: StatLine): number {
  return percentage((line.FGM ?? 0) + 0.5 * (line['3PM'] ?? 0), line.FGA ?? 0)
}

/** True shooting percentage: PTS ÷ (2 × (FGA + 0.44 × FTA)), 0 without attempts. */
export function trueShootingPercentage(line: StatLine): number {
  return percentage(line.PTS ?? 0, 2 * ((line.FGA ?? 0) + 0.44 * (line.FTA ?? 0)))
}

/** One decimal for display (45.6 for 0.456 when asPercent). */
export function formatStat(value: number, asPercent = false, decimals = 1): string {
  return (asPercent ? value * 100 : value).toFixed(decimals)
}

/** The period named Final holds the final score, not a period's (docs/decisions/2026-11-24-box-scores.md). */
export const isFinalPeriod = (period: { name: string }) => period.name.trim().toLowerCase() === 'final'
