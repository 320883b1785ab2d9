/**
 * How many of a league's seasons its admin page lists before "Show all": the newest ones, plus the
 * active season wherever it falls. A league with forty years of history would otherwise push its
 * schedule a screen and a half down and draw 40 rows before anything else
 * (docs/decisions/2026-11-28-league-page-latest-seasons.md).
 */
export const LATEST_SEASONS = 5

/** The first `LATEST_SEASONS` of a newest-first list, and the active season after them if it is older. */
export function latestSeasons<L extends { season: { active: boolean } }>(links: L[]): L[] {
  const latest = links.slice(0, LATEST_SEASONS)
  const active = links.find((link, index) => index >= LATEST_SEASONS && link.season.active)
  return active ? [...latest, active] : latest
}
