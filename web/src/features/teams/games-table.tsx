import { format, isValid, parseISO } from 'date-fns'
import { useNavigate } from 'react-router'
import { type Column, DataTable } from '../../components/data-table'
import type { TeamGame } from './api'

/** "January 5, 2026"; a missing date shows TBD (docs/reference/league-admin.md Schedule screen wording). */
export function gameDate(date: string | null): string {
  if (!date) return 'TBD'
  const parsed = parseISO(date)
  return isValid(parsed) ? format(parsed, 'MMMM d, yyyy') : date
}

/** HH:mm as h:mm a, anything else TBD (docs/reference/league-admin.md Schedule screen). */
export function gameTime(time: string | null): string {
  if (!time || !/^\d{2}:\d{2}$/.test(time)) return 'TBD'
  const [hours, minutes] = time.split(':').map(Number)
  return format(new Date(2000, 0, 1, hours, minutes), 'h:mm a')
}

/** docs/reference/league-admin.md §4: a game counts as played when any score is above 0. */
export function gameResult(game: TeamGame): string {
  const home = game.score_team1 ?? 0
  const away = game.score_team2 ?? 0
  return home > 0 || away > 0 ? `${home} - ${away}` : '—'
}

/** docs/reference/league-admin.md: sorted by date and time; games without a date go last. */
export function sortGames(games: TeamGame[]): TeamGame[] {
  const key = (game: TeamGame) => `${game.date ?? '9999-99-99'} ${game.time ?? '99:99'}`
  return [...games].sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id)
}

/** docs/reference/league-admin.md Admin team page games table: #, Date, Matchup, Time, Results; a row opens the game. */
export function GamesTable({
  games,
  isLoading,
  error,
}: {
  games: TeamGame[] | undefined
  isLoading?: boolean
  error?: string | null
}) {
  const navigate = useNavigate()
  const sorted = games ? sortGames(games) : undefined
  const columns: Column<TeamGame>[] = [
    { key: 'number', header: '#', className: 'cell-number', render: (game) => (sorted?.indexOf(game) ?? 0) + 1 },
    { key: 'date', header: 'Date', className: 'cell-nowrap', render: (game) => gameDate(game.date) },
    { key: 'matchup', header: 'Matchup', render: (game) => `${game.homeTeam.name} vs ${game.awayTeam.name}` },
    { key: 'time', header: 'Time', className: 'cell-nowrap', render: (game) => gameTime(game.time) },
    { key: 'result', header: 'Results', className: 'cell-nowrap', render: gameResult },
  ]
  return (
    <DataTable
      caption="Games"
      columns={columns}
      rows={sorted}
      isLoading={isLoading}
      error={error}
      emptyText="No games available"
      onRowClick={(game) => navigate(`/games/${game.id}`)}
      rowLabel={(game) => `${game.homeTeam.name} vs ${game.awayTeam.name}, ${gameDate(game.date)}: open the game`}
    />
  )
}
