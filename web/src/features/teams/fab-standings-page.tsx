import { useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { PageHeading } from '../../components/admin-table'
import { type Column, DataTable } from '../../components/data-table'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { type StandingRow, useDivisions, useLeaguesWithTeams, useSeasons } from '../../lib/seasons-api'
import './teams.css'
import { NameOptions, SelectField } from '../../components/select-field'
import { useAdminTitle } from '../../lib/use-admin-title'

const winPercent = (row: StandingRow) => row.winPercentage.toFixed(3)
const ftPercent = (row: StandingRow) => `${(row.ftPercentage * 100).toFixed(1)}%`

/**
 * /fab/standings: a season's standings (default the active season) per league, with a division
 * filter. docs/reference/league-admin.md §9: standings sort by win percentage; with a division the server order is kept.
 */
export function FabStandingsPage() {
  const id = useId()
  const seasons = useSeasons()
  const [chosenSeason, setChosenSeason] = useState<number | null>(null)
  const [divisionId, setDivisionId] = useState<number | 'all'>('all')
  const seasonId = chosenSeason ?? seasons.data?.find((s) => s.active)?.id ?? seasons.data?.[0]?.id ?? null
  const standings = useLeaguesWithTeams(seasonId)
  const divisions = useDivisions(seasonId)
  const division = divisionId === 'all' ? null : divisions.data?.divisions.find((d) => d.id === divisionId)

  useAdminTitle('Standings')

  const tables = useMemo(() => {
    const leagues = standings.data?.leagues ?? []
    if (!division) return leagues.map((league) => ({ league, rows: league.teams }))
    return leagues
      .map((league) => ({ league, rows: division.teams.filter((team) => team.leagueId === league.id) }))
      .filter((table) => table.rows.length > 0)
  }, [standings.data, division])

  const columns: Column<StandingRow>[] = [
    {
      key: 'pos',
      header: 'Pos',
      className: 'cell-number',
      render: (row) => (division ? division.teams.indexOf(row) + 1 : row.rank),
    },
    {
      key: 'team',
      header: 'Team',
      render: (row) => <Link to={`/dashboard/seasons/${row.seasonId}/leagues/${row.leagueId}/teams/${row.id}`}>{row.name}</Link>,
    },
    {
      key: 'captain',
      header: 'Captain',
      render: (row) =>
        row.captain && row.captain_id ? <Link to={`/dashboard/players/${row.captain_id}`}>{row.captain}</Link> : '—',
    },
    { key: 'w', header: 'W', className: 'cell-number', render: (row) => row.wins },
    { key: 'l', header: 'L', className: 'cell-number', render: (row) => row.losses },
    { key: 'pct', header: 'Win %', className: 'cell-number', render: winPercent },
    { key: 'ft', header: 'FT%', className: 'cell-number', render: ftPercent },
    { key: '3pm', header: '3PM', className: 'cell-number', render: (row) => row.total3PM },
  ]

  return (
    <section className="admin-page">
      <PageHeading title="Standings" />
      <div className="filters">
        <SelectField
          id={`${id}-season`}
          label="Season"
          value={seasonId ?? ''}
          disabled={!seasons.data?.length}
          onChange={(event) => {
            setChosenSeason(Number(event.target.value))
            setDivisionId('all')
          }}
        >
          {seasons.isPending ? <option value="">Loading seasons...</option> : null}
          <NameOptions items={seasons.data} markActive />
        </SelectField>
        <SelectField
          id={`${id}-division`}
          label="Division"
          value={divisionId}
          disabled={!divisions.data?.divisions.length}
          onChange={(event) => setDivisionId(event.target.value === 'all' ? 'all' : Number(event.target.value))}
        >
          <option value="all">All Divisions</option>
          <NameOptions items={divisions.data?.divisions} />
        </SelectField>
      </div>

      {seasons.isPending || (seasonId !== null && standings.isPending) ? (
        <Loading text="Loading standings..." />
      ) : seasons.isError || standings.isError ? (
        <ErrorState
          message="Standings could not be loaded."
          onRetry={() => (seasons.isError ? seasons.refetch() : standings.refetch())}
        />
      ) : seasonId === null ? (
        <EmptyState>No seasons available</EmptyState>
      ) : tables.length === 0 ? (
        <EmptyState>{division ? 'No teams in this division' : 'No leagues available'}</EmptyState>
      ) : (
        tables.map(({ league, rows }) => (
          <section key={league.id} className="team-section" aria-labelledby={`${id}-league-${league.id}`}>
            <h2 className="section-title" id={`${id}-league-${league.id}`}>
              {league.name}
            </h2>
            <DataTable
              caption={`${league.name} standings`}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.slt_id}
              emptyText="No teams available"
            />
          </section>
        ))
      )}
    </section>
  )
}
