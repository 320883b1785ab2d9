import { useEffect } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { formatGameDate } from '../../../../worker/domain/time'
import { type Column, DataTable } from '../../components/data-table'
import { type LeagueGame, type SeasonsLeague, useLeagueGames, useSeasonsLeagues } from './api'
import './seasons.css'

/** /leagues/{id}: the seasons a league has been played in, each linking to its teams there. */
export function LeaguePage() {
  const leagueId = Number(useParams().leagueId)
  const links = useSeasonsLeagues()
  const seasons = links.data?.filter((link) => link.league.id === leagueId)
  const name = seasons?.[0]?.league.name

  useEffect(() => {
    document.title = `${name ?? 'League'} · Courtside`
  }, [name])

  const columns: Column<SeasonsLeague>[] = [
    {
      key: 'season',
      header: 'Season',
      render: (link) => <Link to={`/dashboard/seasons/${link.season.id}/leagues/${link.league.id}`}>{link.season.name}</Link>,
    },
    {
      key: 'active',
      header: 'Active',
      className: 'cell-center',
      render: (link) =>
        link.season.active ? (
          <span className="active-tick" role="img" aria-label="Active">
            ✓
          </span>
        ) : (
          <span className="visually-hidden">Not active</span>
        ),
    },
    {
      key: 'detail',
      header: <span className="visually-hidden">Season page</span>,
      className: 'cell-actions',
      render: (link) => <Link to={`/dashboard/seasons/${link.season.id}`}>Season page</Link>,
    },
  ]

  return (
    <section className="admin-page">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to="/leagueList">Leagues</Link>
      </nav>
      <div className="page-heading">
        <h1 className="page-title">{name ?? (links.isPending ? 'Loading league...' : 'League')}</h1>
      </div>
      <DataTable
        caption="Seasons of this league"
        columns={columns}
        rows={seasons}
        rowKey={(link) => link.id}
        isLoading={links.isPending}
        loadingText="Loading seasons..."
        error={links.isError ? 'Seasons could not be loaded.' : null}
        onRetry={() => links.refetch()}
        emptyText="No seasons available"
      />
      <SimpleLeagueSchedule leagueId={leagueId} leagues={uniqueLeagues(links.data ?? [])} />
    </section>
  )
}

const uniqueLeagues = (links: SeasonsLeague[]) =>
  [...new Map(links.map((l) => [l.league.id, l.league])).values()].sort((a, b) => a.name.localeCompare(b.name))

/**
 * Spec 02 "Simple league schedule table": Date, Matchup (link to /games/{id}), Results, with a
 * league dropdown and 'No games available'. Its dates are shown in UTC, as the spec says.
 */
function SimpleLeagueSchedule({ leagueId, leagues }: { leagueId: number; leagues: { id: number; name: string }[] }) {
  const navigate = useNavigate()
  const games = useLeagueGames(leagueId)
  const columns: Column<LeagueGame>[] = [
    { key: 'date', header: 'Date', render: (g) => formatGameDate(g.game_dateTime ?? g.date, 'UTC') },
    {
      key: 'matchup',
      header: 'Matchup',
      render: (g) => (
        <Link to={`/games/${g.id}`}>
          {g.homeTeam.name} vs {g.awayTeam.name}
        </Link>
      ),
    },
    {
      key: 'results',
      header: 'Results',
      render: (g) => (g.score_team1 > 0 || g.score_team2 > 0 ? `${g.score_team1} - ${g.score_team2}` : '—'),
    },
  ]
  return (
    <section className="league-schedule" aria-labelledby="league-schedule-title">
      <div className="page-heading">
        <h2 id="league-schedule-title">Schedule</h2>
        <label className="field-inline">
          <span>League</span>
          <select value={leagueId} onChange={(e) => navigate(`/leagues/${e.target.value}`)}>
            {leagues.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DataTable
        caption="League schedule"
        columns={columns}
        rows={games.data}
        rowKey={(g) => g.id}
        isLoading={games.isPending}
        loadingText="Loading games..."
        error={games.isError ? 'Games could not be loaded.' : null}
        onRetry={() => games.refetch()}
        emptyText="No games available"
      />
    </section>
  )
}
