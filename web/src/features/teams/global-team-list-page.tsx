import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import type { AdminPrefetch } from '../../app/lazy-screen'
import { bulkDelete, editColumn, PageHeading, selectColumn } from '../../components/admin-table'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useFieldConflict } from '../../components/conflict-dialog'
import { type Column, DataTable } from '../../components/data-table'
import { Flash, useFlash } from '../../components/flash'
import { ListPager, ListSearch, listPageFromSearch, SeasonSelect, useListState } from '../../components/pager'
import { useSelection } from '../../components/selection'
import { errorMessage } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { failureOf, queryStatus } from '../../lib/query-status'
import { seasonsQuery, useSeasons } from '../../lib/seasons-api'
import { type Team, useCreateTeam, useDeleteTeams, useUpdateTeam } from './api'
import { SmallRosterMark } from './small-roster-mark'
import { TeamFormModal } from './team-form-modal'
import { teamPageQuery, useTeamPage } from './team-list-api'
import './teams.css'
import { useAdminTitle } from '../../lib/use-admin-title'
import { useDialog } from '../../lib/use-dialog'

type Dialog = { kind: 'create' } | { kind: 'confirm-no-league'; name: string } | { kind: 'edit'; team: Team } | { kind: 'delete' }

/**
 * docs/reference/league-admin.md "Global team list (admin)" at /teamList: ID, Teams, League, # Players, edit — one page of
 * one season's teams at a time (the active season first), searched by the server
 * (docs/decisions/2026-11-25-admin-paging.md).
 */
/** The season list and the address's page of teams, as the chunk arrives. */
export const adminPrefetch: AdminPrefetch = (client, { search }) => {
  const { season, q, offset } = listPageFromSearch(search)
  void client.prefetchQuery(seasonsQuery)
  void client.prefetchQuery(teamPageQuery({ season, q, offset }))
}

export function GlobalTeamListPage() {
  const t = useT()
  const list = useListState()
  const seasons = useSeasons()
  const teams = useTeamPage({ season: list.season, q: list.q, offset: list.offset })
  const rows = teams.data?.teams
  const flash = useFlash()
  const [addRound, setAddRound] = useState(0)
  const ids = useMemo(() => rows?.map((team) => team.id) ?? [], [rows])
  const selection = useSelection(ids)
  const createTeam = useCreateTeam()
  const updateTeam = useUpdateTeam()
  const deleteTeams = useDeleteTeams()
  const conflict = useFieldConflict<{ name: string; leagueId: number; version?: number }>()

  useAdminTitle(t('admin.teams.title'))

  const { dialog, setDialog, open, close } = useDialog<Dialog>(createTeam, updateTeam, deleteTeams)

  const create = (name: string, leagueId: number | null, another = false) =>
    createTeam.mutate(
      { name, leagueId },
      {
        onSuccess: (team) => {
          // "Add and Add Another": the form comes back empty for the next team.
          if (another) {
            setAddRound((round) => round + 1)
            setDialog({ kind: 'create' })
          } else close()
          flash.show(t('admin.common.createdNamed', { name: team?.name ?? name }))
          // A new team is in no season yet: show it where it is, among every season's teams.
          list.show({ season: 'all', search: team?.name ?? name })
        },
      },
    )

  const leagueName = (id: unknown) =>
    rows?.find((t) => t.leagueId === id)?.leagueName ??
    (id ? t('admin.teams.leagueNumber', { id: String(id) }) : t('admin.common.none'))
  const saveEdit = (id: number, input: { name: string; leagueId: number; version?: number }) =>
    updateTeam.mutate(
      { id, input },
      {
        onSuccess: (team) => {
          close()
          flash.show(t('admin.common.updatedNamed', { name: team?.name ?? input.name }))
        },
        // Someone saved this team first: choose field by field (docs/api-concurrency.md).
        onError: (error) => {
          const offered = conflict.offer(
            error,
            input,
            { name: t('admin.common.name'), leagueId: t('admin.common.league') },
            (merged, version) => saveEdit(id, { ...merged, version }),
            (key, value) => (key === 'leagueId' ? leagueName(value) : String(value ?? '')),
          )
          if (offered) close()
        },
      },
    )

  const submit = ({ name, leagueId }: { name: string; leagueId: number | null }, another: boolean) => {
    if (dialog?.kind === 'edit') {
      if (!leagueId) return
      saveEdit(dialog.team.id, { name, leagueId, version: dialog.team.version })
      return
    }
    // docs/reference/league-admin.md §5: a team without a league is created only after a confirmation.
    if (!leagueId) return setDialog({ kind: 'confirm-no-league', name })
    create(name, leagueId, another)
  }

  const deletion = bulkDelete(
    selection,
    deleteTeams,
    flash,
    { dialog, open, close },
    { none: t('admin.teams.selectFirst'), done: t('admin.teams.deleted'), failure: t('admin.teams.deleteFailed') },
  )

  const columns: Column<Team>[] = [
    selectColumn(selection, t('admin.teams.selectAll'), (team) => t('admin.common.selectNamed', { name: team.name })),
    { key: 'id', header: t('admin.common.id'), className: 'cell-number', render: (team) => team.id },
    {
      key: 'name',
      header: t('admin.teams.title'),
      render: (team) => (
        <span className="team-cell">
          <Link to={`/dashboard/singleTeamToggle/${team.id}`}>{team.name}</Link>
          <SmallRosterMark count={team.playersCount} />
        </span>
      ),
    },
    { key: 'league', header: t('admin.common.league'), render: (team) => team.leagueName ?? '—' },
    { key: 'players', header: '# Players', className: 'cell-number', render: (team) => team.playersCount },
    editColumn(
      (team) => t('admin.common.editNamed', { name: team.name }),
      (team) => open({ kind: 'edit', team }),
    ),
  ]

  return (
    <section className="admin-page">
      <PageHeading
        title={t('admin.teams.title')}
        addLabel={t('admin.teams.create')}
        onAdd={() => open({ kind: 'create' })}
        onDeleteSelected={deletion.ask}
      />
      <Flash message={flash.message} />
      {conflict.dialog}
      <div className="list-controls">
        <SeasonSelect seasons={seasons.data} value={list.season} resolved={teams.data?.seasonId} onChange={list.setSeason} />
        <ListSearch
          label={t('admin.common.searchTeams')}
          placeholder={t('admin.common.teamNamePlaceholder')}
          value={list.search}
          onChange={list.setSearch}
        />
      </div>
      <DataTable
        caption={t('admin.teams.title')}
        columns={columns}
        rows={rows}
        {...queryStatus(teams, t('admin.common.loadingTeams'), (error) => errorMessage(error, t('admin.teams.loadError')))}
        emptyText={
          list.q
            ? t('admin.teams.noMatch', { q: list.q })
            : list.season === 'active' && teams.data?.seasonId === null
              ? t('admin.teams.noActiveSeason')
              : t('admin.common.noTeams')
        }
      />
      <ListPager list={list} query={teams} noun="teams" label={t('admin.teams.pages')} />

      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <TeamFormModal
          key={dialog.kind === 'edit' ? 'edit' : `create-${addRound}`}
          team={dialog.kind === 'edit' ? dialog.team : null}
          busy={dialog.kind === 'edit' ? updateTeam.isPending : createTeam.isPending}
          error={
            dialog.kind === 'edit'
              ? failureOf(updateTeam, t('admin.teams.updateFailed'))
              : failureOf(createTeam, t('admin.teams.addFailed'))
          }
          onSubmit={submit}
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'confirm-no-league'}
        title={t('admin.teams.createLower')}
        confirmLabel={t('admin.common.create')}
        message={<p>{t('admin.teams.noLeagueQuestion')}</p>}
        busy={createTeam.isPending}
        error={failureOf(createTeam, t('admin.teams.addFailed'))}
        onConfirm={() => dialog?.kind === 'confirm-no-league' && create(dialog.name, null)}
        onCancel={close}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={t('admin.teams.deleteTitle')}
        message={<p>{t('admin.teams.deleteQuestion')}</p>}
      />
    </section>
  )
}
