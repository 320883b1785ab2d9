import { useEffect } from 'react'
import { Link, useParams } from 'react-router'
import { type Column, DataTable } from '../../components/data-table'
import { type SeasonsLeague, useSeasonsLeagues } from './api'
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
    </section>
  )
}
