import { useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { PageHeading } from '../../components/admin-table'
import { type Column, DataTable } from '../../components/data-table'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { formatCount, formatShare, useT } from '../../lib/i18n'
import { type StandingRow, useDivisions, useLeaguesWithTeams, useSeasons } from '../../lib/seasons-api'
import './teams.css'
import { NameOptions, SelectField } from '../../components/select-field'
import { useAdminTitle } from '../../lib/use-admin-title'

// Numbers as the user's language writes them (0.500 / 0,500; 45.5% / 45,5 %).
const winPercent = (row: StandingRow) =>
  formatCount(row.winPercentage, { minimumFractionDigits: 3, maximumFractionDigits: 3, useGrouping: false })
const ftPercent = (row: StandingRow) => formatShare(row.ftPercentage)

/**
 * /fab/standings: a season's standings (default the active season) per league, with a division
 * filter. docs/reference/league-admin.md §9: standings sort by win percentage; with a division the server order is kept.
 */
export function FabStandingsPage() {
  const t = useT()
  const id = useId()
  const seasons = useSeasons()
  const [chosenSeason, setChosenSeason] = useState<number | null>(null)
  const [divisionId, setDivisionId] = useState<number | 'all'>('all')
  const seasonId = chosenSeason ?? seasons.data?.find((s) => s.active)?.id ?? seasons.data?.[0]?.id ?? null
  const standings = useLeaguesWithTeams(seasonId)
  const divisions = useDivisions(seasonId)
  const division = divisionId === 'all' ? null : divisions.data?.divisions.find((d) => d.id === divisionId)

  useAdminTitle(t('admin.fab.title'))

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
      header: t('admin.common.pos'),
      className: 'cell-number',
      render: (row) => (division ? division.teams.indexOf(row) + 1 : row.rank),
    },
    {
      key: 'team',
      header: t('admin.common.team'),
      render: (row) => <Link to={`/dashboard/seasons/${row.seasonId}/leagues/${row.leagueId}/teams/${row.id}`}>{row.name}</Link>,
    },
    {
      key: 'captain',
      header: t('admin.common.captain'),
      render: (row) =>
        row.captain && row.captain_id ? <Link to={`/dashboard/players/${row.captain_id}`}>{row.captain}</Link> : '—',
    },
    { key: 'w', header: t('admin.common.winsShort'), className: 'cell-number', render: (row) => row.wins },
    { key: 'l', header: t('admin.common.lossesShort'), className: 'cell-number', render: (row) => row.losses },
    { key: 'pct', header: t('admin.fab.winPercent'), className: 'cell-number', render: winPercent },
    { key: 'ft', header: 'FT%', className: 'cell-number', render: ftPercent },
    { key: '3pm', header: '3PM', className: 'cell-number', render: (row) => row.total3PM },
  ]

  return (
    <section className="admin-page">
      <PageHeading title={t('admin.fab.title')} />
      <div className="filters">
        <SelectField
          id={`${id}-season`}
          label={t('admin.common.season')}
          value={seasonId ?? ''}
          disabled={!seasons.data?.length}
          onChange={(event) => {
            setChosenSeason(Number(event.target.value))
            setDivisionId('all')
          }}
        >
          {seasons.isPending ? <option value="">{t('admin.seasons.loading')}</option> : null}
          <NameOptions items={seasons.data} markActive />
        </SelectField>
        <SelectField
          id={`${id}-division`}
          label={t('admin.fab.division')}
          value={divisionId}
          disabled={!divisions.data?.divisions.length}
          onChange={(event) => setDivisionId(event.target.value === 'all' ? 'all' : Number(event.target.value))}
        >
          <option value="all">{t('admin.divisions.all')}</option>
          <NameOptions items={divisions.data?.divisions} />
        </SelectField>
      </div>

      {seasons.isPending || (seasonId !== null && standings.isPending) ? (
        <Loading text={t('admin.fab.loading')} />
      ) : seasons.isError || standings.isError ? (
        <ErrorState
          message={t('admin.fab.loadError')}
          onRetry={() => (seasons.isError ? seasons.refetch() : standings.refetch())}
        />
      ) : seasonId === null ? (
        <EmptyState>{t('admin.seasons.empty')}</EmptyState>
      ) : tables.length === 0 ? (
        <EmptyState>{division ? t('admin.fab.noTeamsDivision') : t('admin.common.noLeagues')}</EmptyState>
      ) : (
        tables.map(({ league, rows }) => (
          <section key={league.id} className="team-section" aria-labelledby={`${id}-league-${league.id}`}>
            <h2 className="section-title" id={`${id}-league-${league.id}`}>
              {league.name}
            </h2>
            <DataTable
              caption={t('admin.fab.leagueStandings', { name: league.name })}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.slt_id}
              emptyText={t('admin.common.noTeams')}
            />
          </section>
        ))
      )}
    </section>
  )
}
