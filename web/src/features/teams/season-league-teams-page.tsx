import { useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { Breadcrumbs, bulkDelete, editColumn, PageHeading, selectColumn } from '../../components/admin-table'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { type Column, DataTable } from '../../components/data-table'
import { Flash, useFlash } from '../../components/flash'
import { useSelection } from '../../components/selection'
import { errorMessage } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
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
import { LeagueRulesModal } from './league-rules-modal'
import { PlayoffsPanel } from './playoffs-panel'
import { SmallRosterMark } from './small-roster-mark'
import './teams.css'
import { useAdminTitle } from '../../lib/use-admin-title'
import { useDialog } from '../../lib/use-dialog'

type Dialog = { kind: 'add' } | { kind: 'edit'; team: StandingRow } | { kind: 'delete' } | { kind: 'rules' }

/** docs/reference/league-admin.md "Season league teams page": the league's teams in standings order. */
export function SeasonLeagueTeamsPage() {
  const t = useT()
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

  useAdminTitle(league?.name ?? t('admin.teams.title'))

  const { dialog, open, close } = useDialog<Dialog>(addTeam, updateTeam, deleteTeams)

  const submitAdd = (input: NewSeasonTeamInput, label: string, another = false) =>
    addTeam.mutate(input, {
      onSuccess: (team) => {
        if (another) {
          // "Add and Add Another": the form comes back empty for the next team.
          setAddRound((round) => round + 1)
          addTeam.reset()
        } else close()
        flash.show(t('admin.common.createdNamed', { name: team?.name ?? label }))
      },
    })

  const submitEdit = (team: StandingRow, changes: SeasonTeamChanges) =>
    updateTeam.mutate(
      { teamId: team.id, changes },
      {
        onSuccess: (updated) => {
          close()
          flash.show(t('admin.common.updatedNamed', { name: updated?.name ?? changes.name }))
        },
      },
    )

  const deletion = bulkDelete(
    selection,
    deleteTeams,
    flash,
    { dialog, open, close },
    { none: t('admin.leagueTeams.selectFirst'), done: t('admin.teams.deleted'), failure: t('admin.teams.deleteFailed') },
  )

  const teamPath = (team: StandingRow) => `/dashboard/seasons/${seasonId}/leagues/${leagueId}/teams/${team.id}`
  const columns: Column<StandingRow>[] = [
    selectColumn(selection, t('admin.teams.selectAll'), (team) => t('admin.common.selectNamed', { name: team.name })),
    { key: 'rank', header: t('admin.common.rank'), className: 'cell-number', render: (team) => team.rank },
    {
      key: 'name',
      header: t('admin.common.team'),
      render: (team) => (
        <span className="team-cell">
          {team.logo ? <img src={team.logo} alt="" className="team-logo-small" /> : null}
          <Link to={teamPath(team)}>{team.name}</Link>
          <SmallRosterMark count={team.playersCount} />
        </span>
      ),
    },
    { key: 'captain', header: t('admin.common.captain'), render: (team) => team.captain ?? '—' },
    { key: 'players', header: t('admin.common.players'), className: 'cell-number', render: (team) => team.playersCount },
    { key: 'wins', header: t('admin.common.winsShort'), className: 'cell-number', render: (team) => team.wins },
    { key: 'losses', header: t('admin.common.lossesShort'), className: 'cell-number', render: (team) => team.losses },
    editColumn(
      (team) => t('admin.common.editNamed', { name: team.name }),
      (team) => open({ kind: 'edit', team }),
    ),
  ]

  return (
    <section className="admin-page">
      <Breadcrumbs>
        <Link to="/dashboard/seasons">{t('admin.seasons.title')}</Link>
        <Link to={`/dashboard/seasons/${seasonId}`}>{season.data?.name ?? t('admin.common.season')}</Link>
      </Breadcrumbs>
      <PageHeading
        title={league?.name ?? (leagues.isPending ? t('admin.leagues.loading') : t('admin.teams.title'))}
        addLabel={t('admin.addTeam.title')}
        onAdd={() => open({ kind: 'add' })}
        onDeleteSelected={deletion.ask}
      >
        <Link className="button" to={`/dashboard/seasons/${seasonId}/leagues/${leagueId}/registration`}>
          {t('admin.registration.open')}
        </Link>
        <Link className="button" to={`/dashboard/import?seasonId=${seasonId}&leagueId=${leagueId}`}>
          {t('admin.leagueTeams.import')}
        </Link>
        <button type="button" className="button" disabled={!league} onClick={() => open({ kind: 'rules' })}>
          {t('admin.leagueRules.open')}
        </button>
      </PageHeading>
      <Flash message={flash.message} />
      <DataTable
        caption={t('admin.leagueTeams.caption')}
        columns={columns}
        rows={teams.data}
        {...queryStatus(teams, t('admin.common.loadingTeams'), (error) => errorMessage(error, t('admin.teams.loadError')))}
        emptyText={t('admin.common.noTeams')}
      />
      {teams.data ? (
        <PlayoffsPanel seasonId={seasonId} leagueId={leagueId} teams={teams.data.map((t) => ({ id: t.id, name: t.name }))} />
      ) : null}

      {dialog?.kind === 'add' ? (
        <AddTeamModal
          key={addRound}
          busy={addTeam.isPending}
          // docs/reference/league-admin.md §8: the server's message first, else "Failed to add team".
          error={failureOf(addTeam, t('admin.teams.addFailed'))}
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
          error={failureOf(updateTeam, t('admin.teams.updateFailed'))}
          onSubmit={(changes) => submitEdit(dialog.team, changes)}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'rules' && league ? (
        <LeagueRulesModal
          seasonId={seasonId}
          league={league}
          onSaved={() => {
            close()
            flash.show(t('admin.leagueRules.saved', { league: league.name }))
          }}
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('admin.teams.deleteTitle')}
        message={<p>{t('admin.leagueTeams.deleteQuestion')}</p>}
      />
    </section>
  )
}
