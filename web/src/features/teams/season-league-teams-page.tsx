import { useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { Breadcrumbs, bulkDelete, editColumn, PageHeading, selectColumn } from '../../components/admin-table'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { type Column, DataTable } from '../../components/data-table'
import { Flash, useFlash } from '../../components/flash'
import { useSelection } from '../../components/selection'
import { errorMessage } from '../../lib/api-client'
import { failureOf, queryStatus } from '../../lib/query-status'
import { useSeason, useSeasonLeagues } from '../../lib/seasons-api'
import { AddTeamModal } from './add-team-modal'
import {
  type NewSeasonTeamInput,
  type SeasonTeamChanges,
  type StandingRow,
  useAddSeasonTeam,
  useDeleteSeasonTeams,
  useSeasonLeagueTeams,
  useUpdateSeasonTeam,
} from './api'
import { EditTeamModal } from './edit-team-modal'
import { PlayoffsPanel } from './playoffs-panel'
import { SmallRosterMark } from './small-roster-mark'
import './teams.css'
import { useAdminTitle } from '../../lib/use-admin-title'
import { useDialog } from '../../lib/use-dialog'

type Dialog = { kind: 'add' } | { kind: 'edit'; team: StandingRow } | { kind: 'delete' }

/** docs/reference/league-admin.md "Season league teams page": the league's teams in standings order. */
export function SeasonLeagueTeamsPage() {
  const params = useParams()
  const seasonId = Number(params.seasonId)
  const leagueId = Number(params.leagueId)
  const season = useSeason(seasonId)
  const leagues = useSeasonLeagues(seasonId)
  const teams = useSeasonLeagueTeams(seasonId, leagueId)
  const flash = useFlash()
  const [addRound, setAddRound] = useState(0)
  const ids = useMemo(() => teams.data?.map((team) => team.id) ?? [], [teams.data])
  const selection = useSelection(ids)
  const addTeam = useAddSeasonTeam(seasonId, leagueId)
  const updateTeam = useUpdateSeasonTeam(seasonId, leagueId)
  const deleteTeams = useDeleteSeasonTeams(seasonId, leagueId)
  const league = leagues.data?.find((l) => l.id === leagueId)

  useAdminTitle(league?.name ?? 'Teams')

  const { dialog, open, close } = useDialog<Dialog>(addTeam, updateTeam, deleteTeams)

  const submitAdd = (input: NewSeasonTeamInput, label: string, another = false) =>
    addTeam.mutate(input, {
      onSuccess: (team) => {
        if (another) {
          // "Add and Add Another": the form comes back empty for the next team.
          setAddRound((round) => round + 1)
          addTeam.reset()
        } else close()
        flash.show(`${team?.name ?? label} created`)
      },
    })

  const submitEdit = (team: StandingRow, changes: SeasonTeamChanges) =>
    updateTeam.mutate(
      { teamId: team.id, changes },
      {
        onSuccess: (updated) => {
          close()
          flash.show(`${updated?.name ?? changes.name} updated`)
        },
      },
    )

  const deletion = bulkDelete(
    selection,
    deleteTeams,
    flash,
    { dialog, open, close },
    { none: 'Please select at least one team.', done: 'Teams deleted', failure: 'Failed to delete teams' },
  )

  const teamPath = (team: StandingRow) => `/dashboard/seasons/${seasonId}/leagues/${leagueId}/teams/${team.id}`
  const columns: Column<StandingRow>[] = [
    selectColumn(selection, 'Select all teams', (team) => `Select ${team.name}`),
    { key: 'rank', header: 'Rank', className: 'cell-number', render: (team) => team.rank },
    {
      key: 'name',
      header: 'Team',
      render: (team) => (
        <span className="team-cell">
          {team.logo ? <img src={team.logo} alt="" className="team-logo-small" /> : null}
          <Link to={teamPath(team)}>{team.name}</Link>
          <SmallRosterMark count={team.playersCount} />
        </span>
      ),
    },
    { key: 'captain', header: 'Captain', render: (team) => team.captain ?? '—' },
    { key: 'players', header: 'Players', className: 'cell-number', render: (team) => team.playersCount },
    { key: 'wins', header: 'W', className: 'cell-number', render: (team) => team.wins },
    { key: 'losses', header: 'L', className: 'cell-number', render: (team) => team.losses },
    editColumn(
      (team) => `Edit ${team.name}`,
      (team) => open({ kind: 'edit', team }),
    ),
  ]

  return (
    <section className="admin-page">
      <Breadcrumbs>
        <Link to="/dashboard/seasons">Seasons</Link>
        <Link to={`/dashboard/seasons/${seasonId}`}>{season.data?.name ?? 'Season'}</Link>
      </Breadcrumbs>
      <PageHeading
        title={league?.name ?? (leagues.isPending ? 'Loading league...' : 'Teams')}
        addLabel="Add Team"
        onAdd={() => open({ kind: 'add' })}
        onDeleteSelected={deletion.ask}
      >
        <Link className="button" to={`/dashboard/import?seasonId=${seasonId}&leagueId=${leagueId}`}>
          Import teams and players
        </Link>
      </PageHeading>
      <Flash message={flash.message} />
      <DataTable
        caption="Teams in standings order"
        columns={columns}
        rows={teams.data}
        {...queryStatus(teams, 'Loading teams...', (error) => errorMessage(error, 'Teams could not be loaded.'))}
        emptyText="No teams available"
      />
      {teams.data ? (
        <PlayoffsPanel seasonId={seasonId} leagueId={leagueId} teams={teams.data.map((t) => ({ id: t.id, name: t.name }))} />
      ) : null}

      {dialog?.kind === 'add' ? (
        <AddTeamModal
          key={addRound}
          busy={addTeam.isPending}
          // docs/reference/league-admin.md §8: the server's message first, else "Failed to add team".
          error={failureOf(addTeam, 'Failed to add team')}
          excludeIds={ids}
          onSubmit={submitAdd}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditTeamModal
          seasonId={seasonId}
          leagueId={leagueId}
          team={dialog.team}
          busy={updateTeam.isPending}
          error={failureOf(updateTeam, 'Failed to update team')}
          onSubmit={(changes) => submitEdit(dialog.team, changes)}
          onClose={close}
        />
      ) : null}
      <ConfirmDialog {...deletion.dialog} title="Delete teams" message={<p>Delete selected teams?</p>} />
    </section>
  )
}
