// Which season a new schedule belongs to when the client names none (docs/decisions/
// 2026-11-24-schedule-season.md): the original client sends only the league and the start date.

export interface LeagueSeason {
  id: number
  startDate: string | null
  finishDate: string | null
  active: boolean
}

/**
 * The season named, if the league is in it; else the league's season whose dates contain the
 * start date (an open start or finish counts as containing; several: the active one, then the
 * latest start); else the active season if the league is in it. Null: the league is in no such
 * season.
 */
export function seasonForSchedule(seasons: LeagueSeason[], startDate: string, named?: number): number | null {
  if (named !== undefined) return seasons.some((s) => s.id === named) ? named : null
  const containing = seasons.filter(
    (s) => (s.startDate === null || s.startDate <= startDate) && (s.finishDate === null || startDate <= s.finishDate),
  )
  const dated = containing.filter((s) => s.startDate !== null || s.finishDate !== null)
  const pool = dated.length > 0 ? dated : containing.filter((s) => s.active)
  const [best] = [...pool].sort(
    (a, b) => Number(b.active) - Number(a.active) || (b.startDate ?? '').localeCompare(a.startDate ?? '') || b.id - a.id,
  )
  return best?.id ?? seasons.find((s) => s.active)?.id ?? null
}
