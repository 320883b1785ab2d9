// Game rules shared by the server and the screens.

import { GAME_STATUSES } from '../contract/values'

export { GAME_STATUSES }
export type GameStatus = (typeof GAME_STATUSES)[number]

/** docs/reference/public-site.md §4: Completed when either score is above 0, else the status capitalised; Bye for byes. */
export function displayStatus(game: { score_team1: number; score_team2: number; status: string } | { bye: true }): string {
  if ('bye' in game) return 'Bye'
  if (game.score_team1 > 0 || game.score_team2 > 0) return 'Completed'
  return game.status.charAt(0).toUpperCase() + game.status.slice(1)
}

/** docs/reference/league-admin.md §4 game filter: completed means any score above 0; scheduled means no scores. */
export const isCompleted = (game: { score_team1: number; score_team2: number }) => game.score_team1 > 0 || game.score_team2 > 0

/**
 * docs/reference/league-admin.md §5: a YouTube watch (or short, or shorts) link is stored as its embed link; other
 * addresses are kept as they are.
 */
export function toEmbedUrl(url: string): string {
  const trimmed = url.trim()
  const match =
    trimmed.match(/^https?:\/\/(?:www\.|m\.)?youtube\.com\/watch\?(?:.*&)?v=([A-Za-z0-9_-]{6,20})/) ??
    trimmed.match(/^https?:\/\/youtu\.be\/([A-Za-z0-9_-]{6,20})/) ??
    trimmed.match(/^https?:\/\/(?:www\.)?youtube\.com\/(?:shorts|live)\/([A-Za-z0-9_-]{6,20})/)
  return match ? `https://www.youtube.com/embed/${match[1]}` : trimmed
}

/**
 * Whether the game page can show the video: only YouTube embeds are allowed in its frame
 * (worker/middleware/security-headers.ts, frame-src), so only YouTube links are accepted.
 */
export function isEmbeddableVideo(url: string): boolean {
  return /^https:\/\/www\.(youtube|youtube-nocookie)\.com\/embed\/[A-Za-z0-9_-]{6,20}(\?[^\s"'<>]*)?$/.test(toEmbedUrl(url))
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const VENUES = ['Fountain Valley', 'Tustin Columbus', 'Irvine Valley College']

function leagueRank(name: string): [number, number] {
  const venue = VENUES.findIndex((v) => name.toLowerCase().includes(v.toLowerCase()))
  const weekday = WEEKDAYS.findIndex((d) => name.toLowerCase().includes(d.toLowerCase()))
  return [venue === -1 ? VENUES.length : venue, weekday === -1 ? WEEKDAYS.length : weekday]
}

/**
 * docs/reference/league-admin.md Schedule screen: leagues whose names contain Fountain Valley, Tustin Columbus, Irvine
 * Valley College come first in that order, then by weekday in the name Monday→Sunday, then by name.
 */
export function compareLeagueNames(a: string, b: string): number {
  const [va, da] = leagueRank(a)
  const [vb, db] = leagueRank(b)
  return va - vb || da - db || a.localeCompare(b)
}

/**
 * Where a game is played, as the schedules, the game page and the widgets say it (docs/venues.md):
 * "venue · court" when it names a venue, else its free-text location; null when neither.
 */
export function gamePlace(game: {
  venue?: { name: string } | null
  court?: { name: string } | null
  location?: string | null
}): string | null {
  if (game.venue) return game.court ? `${game.venue.name} · ${game.court.name}` : game.venue.name
  return game.location?.trim() || null
}
