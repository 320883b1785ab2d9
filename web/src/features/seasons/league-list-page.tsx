import { useEffect } from 'react'
import { Link } from 'react-router'
import { type Column, DataTable } from '../../components/data-table'
import { type SeasonsLeague, useSeasonsLeagues } from './api'
import './seasons.css'

const leagueLink = (link: SeasonsLeague) => `/dashboard/seasons/${link.season.id}/leagues/${link.league.id}`

/** /leagueList: every season↔league link of the organization, newest season first. */
export function LeagueListPage() {
  const links = useSeasonsLeagues()

  useEffect(() => {
    document.title = 'Leagues · Courtside'
  }, [])

  const columns: Column<SeasonsLeague>[] = [
    {
      key: 'league',
      header: 'League',
      render: (link) => <Link to={leagueLink(link)}>{link.league.name}</Link>,
    },
    {
      key: 'season',
      header: 'Season',
      render: (link) => <Link to={`/dashboard/seasons/${link.season.id}`}>{link.season.name}</Link>,
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
  ]

  return (
    <section className="admin-page">
      <div className="page-heading">
        <h1 className="page-title">Leagues</h1>
      </div>
      <DataTable
        caption="Leagues by season"
        columns={columns}
        rows={links.data}
        rowKey={(link) => link.id}
        isLoading={links.isPending}
        loadingText="Loading leagues..."
        error={links.isError ? 'Leagues could not be loaded.' : null}
        onRetry={() => links.refetch()}
        emptyText="No leagues available"
      />
    </section>
  )
}
