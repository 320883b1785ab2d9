import { useNavigate } from 'react-router'
import { type Column, DataTable } from '../../components/data-table'
import { gameTime, longDay } from '../../lib/admin-format'
import { useT } from '../../lib/i18n'
import type { TeamGame } from './api'

/** "January 5, 2026" ("5 de enero de 2026"); a missing date shows TBD (docs/reference/league-admin.md Schedule screen wording). */
export function gameDate(date: string | null): string {
  return date ? longDay(date) : gameTime(null)
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
  const t = useT()
  const navigate = useNavigate()
  const sorted = games ? sortGames(games) : undefined
  const columns: Column<TeamGame>[] = [
    { key: 'number', header: '#', className: 'cell-number', render: (game) => (sorted?.indexOf(game) ?? 0) + 1 },
    { key: 'date', header: t('admin.common.date'), className: 'cell-nowrap', render: (game) => gameDate(game.date) },
    {
      key: 'matchup',
      header: t('admin.common.matchup'),
      render: (game) => t('admin.common.vs', { home: game.homeTeam.name, away: game.awayTeam.name }),
    },
    { key: 'time', header: t('admin.common.time'), className: 'cell-nowrap', render: (game) => gameTime(game.time) },
    { key: 'result', header: t('admin.common.results'), className: 'cell-nowrap', render: gameResult },
  ]
  return (
    <DataTable
      caption={t('admin.common.games')}
      columns={columns}
      rows={sorted}
      isLoading={isLoading}
      error={error}
      emptyText={t('admin.common.noGames')}
      onRowClick={(game) => navigate(`/games/${game.id}`)}
      rowLabel={(game) =>
        t('admin.teams.openGame', { home: game.homeTeam.name, away: game.awayTeam.name, date: gameDate(game.date) })
      }
    />
  )
}
