// What the benchmarks (scripts/bench.ts, scripts/bench-rows-read.ts) measure: the organization's
// LARGEST season, not its active one. With the full-history dataset ocbl's active season is the
// small demo Fall 2025 and its history sits in the 40 seasons before it, so the standings, schedule,
// game and player requests are aimed at the season with the most games, and at a played game of it
// and a player who played in that game.

export type BenchTargets = {
  season: { id: number; name: string; games: number }
  game: { id: number; team1_id: number }
  player: { id: number; lastName: string }
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`GET ${url} → ${response.status}: ${(await response.text()).slice(0, 200)}`)
  return response.json() as Promise<T>
}

type Game = { id: number; team1_id: number; status: string; score_team1: number | null }

/** Counts each season's games (one request a season, one at a time) and picks a game and player of the largest. */
export async function benchTargets(baseUrl: string, slug: string): Promise<BenchTargets> {
  const { seasons } = await getJson<{ seasons: { id: number; name: string }[] }>(`${baseUrl}/api/seasonsv2?slug=${slug}`)
  let largest: { id: number; name: string; games: Game[] } | undefined
  for (const season of seasons) {
    const { games } = await getJson<{ games: Game[] }>(`${baseUrl}/api/gamesv2?slug=${slug}&seasonId=${season.id}`)
    if (!largest || games.length > largest.games.length) largest = { ...season, games }
  }
  if (!largest || largest.games.length === 0) throw new Error(`${slug} has no season with games to measure`)
  const game =
    largest.games.find((g) => g.status === 'completed' && (g.score_team1 ?? 0) > 0) ??
    largest.games.find((g) => (g.score_team1 ?? 0) > 0) ??
    largest.games[0]
  const detail = await getJson<{
    playerStats: { player_id: number }[]
    homeRoster: { id: number; lastName: string }[]
    awayRoster: { id: number; lastName: string }[]
  }>(`${baseUrl}/api/gamesv2/${game.id}?slug=${slug}`)
  const roster = [...detail.homeRoster, ...detail.awayRoster]
  const player = roster.find((p) => p.id === detail.playerStats[0]?.player_id) ?? roster[0]
  if (!player) throw new Error(`Game ${game.id} of ${largest.name} has no players`)
  return {
    season: { id: largest.id, name: largest.name, games: largest.games.length },
    game: { id: game.id, team1_id: game.team1_id },
    player: { id: player.id, lastName: player.lastName },
  }
}

/**
 * Record book filters to measure (docs/records.md): FT% in the league with the most seasons, and
 * points over the first ten seasons — a range (careers added up from its seasons) of old seasons
 * (the walk down the all-time lists goes furthest for them).
 */
export async function recordBookFilters(baseUrl: string, slug: string) {
  const book = await getJson<{
    stats: { id: number; abbreviation: string }[]
    leagues: { id: number; name: string }[]
    seasons: { id: number; name: string }[]
  }>(`${baseUrl}/api/records/book?slug=${slug}`)
  const ft = book.stats.find((s) => s.abbreviation === 'FT%') ?? book.stats[0]
  const league = book.leagues.find((l) => l.name === 'Monday Night Open') ?? book.leagues[0]
  const from = book.seasons[0]
  const to = book.seasons[Math.min(9, book.seasons.length - 1)]
  return {
    bookLeague: `stat=${ft.id}&leagueId=${league.id}`,
    bookRange: `from=${from.id}&to=${to.id}`,
  }
}
