import { useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { actionsColumn, Breadcrumbs, EditButton } from '../../components/admin-table'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { type Column, DataTable } from '../../components/data-table'
import { Flash, useFlash } from '../../components/flash'
import { HiddenNameMark } from '../../components/hidden-name-mark'
import { CloseIcon, TrashIcon } from '../../components/icons'
import { RowCheckbox, SelectAllCheckbox, useSelection } from '../../components/selection'
import { ErrorState } from '../../components/status'
import { ApiError, errorMessage, isNotFound } from '../../lib/api-client'
import { useRichT, useT } from '../../lib/i18n'
import { useSeason, useSeasonLeagues } from '../../lib/seasons-api'
import { AddPlayerModal } from './add-player-modal'
import {
  type NewRosterPlayerInput,
  type RosterPlayer,
  useAddRosterPlayer,
  useRemoveRosterPlayers,
  useSeasonTeam,
  useUpdatePlayer,
} from './api'
import { useCaptains, useSetCaptain } from './captains-api'
import { EditPlayerModal } from './edit-player-modal'
import { GamesTable } from './games-table'
import { SmallRosterMark } from './small-roster-mark'
import './teams.css'
import { queryStatus } from '../../lib/query-status'
import { useAdminTitle } from '../../lib/use-admin-title'
import { useDialog } from '../../lib/use-dialog'

type Dialog = { kind: 'add' } | { kind: 'edit'; player: RosterPlayer } | { kind: 'remove'; players: RosterPlayer[] }

// docs/reference/league-admin.md §8: the server's "Player already on this team" becomes this, and closes the modal.
const ALREADY_ON_TEAM = 'Player already on this team'

/** docs/reference/league-admin.md Admin team page: the team's roster in this league and season, and its games. */
export function AdminTeamPage() {
  const t = useT()
  const richT = useRichT()
  const params = useParams()
  const seasonId = Number(params.seasonId)
  const leagueId = Number(params.leagueId)
  const teamId = Number(params.teamId)
  const season = useSeason(seasonId)
  const leagues = useSeasonLeagues(seasonId)
  const team = useSeasonTeam(seasonId, leagueId, teamId)
  const flash = useFlash()
  const [addRound, setAddRound] = useState(0)
  const [addMode, setAddMode] = useState<'existing' | 'new'>('existing')
  const players = team.data?.players
  const ids = useMemo(() => players?.map((player) => player.id) ?? [], [players])
  const selection = useSelection(ids)
  const addPlayer = useAddRosterPlayer(seasonId, leagueId, teamId)
  const removePlayers = useRemoveRosterPlayers(seasonId, leagueId, teamId)
  const updatePlayer = useUpdatePlayer()
  // docs/members.md "Captains": one or more captains per roster, marked here.
  const captains = useCaptains(seasonId, leagueId, teamId)
  const setCaptain = useSetCaptain(seasonId, leagueId, teamId)
  const league = leagues.data?.find((l) => l.id === leagueId)
  const leaguePath = `/dashboard/seasons/${seasonId}/leagues/${leagueId}`

  useAdminTitle(team.data?.name ?? t('admin.common.team'))

  const { dialog, open, close } = useDialog<Dialog>(addPlayer, removePlayers, updatePlayer)

  if (team.isError && isNotFound(team.error)) {
    return (
      <section className="admin-page">
        <h1 className="page-title">{t('admin.common.team')}</h1>
        <ErrorState message={t('admin.team.notFound')} />
        <Link to={leaguePath}>{t('admin.team.backToLeague')}</Link>
      </section>
    )
  }

  const submitAdd = (input: NewRosterPlayerInput, label: string, another = false) =>
    addPlayer.mutate(input, {
      onSuccess: () => {
        if (another) {
          // "Add and Add Another": the form comes back empty, the same way round, for the next player.
          setAddMode('player_id' in input ? 'existing' : 'new')
          setAddRound((round) => round + 1)
          addPlayer.reset()
        } else close()
        flash.show(t('admin.team.added', { name: label }))
      },
      onError: (error) => {
        // The refusal arrives in the user's language: its 409 is what says so (worker/routes/season-teams.ts).
        if (error instanceof ApiError && (error.message === ALREADY_ON_TEAM || error.status === 409)) {
          close()
          flash.show(t('admin.team.alreadyOnTeam'), 'error')
        }
      },
    })

  const askRemoveSelected = () => {
    const chosen = players?.filter((player) => selection.isSelected(player.id)) ?? []
    if (chosen.length === 0) return flash.show(t('admin.team.selectPlayers'), 'error')
    open({ kind: 'remove', players: chosen })
  }

  const confirmRemove = () => {
    if (dialog?.kind !== 'remove') return
    const removing = dialog.players
    removePlayers.mutate(
      removing.map((player) => player.id),
      {
        onSuccess: () => {
          close()
          selection.clear()
          flash.show(
            removing.length === 1 && removing[0]
              ? t('admin.team.removedNamed', { name: fullName(removing[0]) })
              : t('admin.team.playersRemoved'),
          )
        },
      },
    )
  }

  const columns: Column<RosterPlayer>[] = [
    {
      key: 'select',
      header: <SelectAllCheckbox selection={selection} label={t('admin.team.selectAllPlayers')} />,
      className: 'cell-select',
      render: (player) => (
        <RowCheckbox selection={selection} id={player.id} label={t('admin.common.selectNamed', { name: fullName(player) })} />
      ),
    },
    {
      key: 'name',
      header: t('admin.common.name'),
      render: (player) => (
        <span className="team-cell">
          {player.image ? <img src={player.image} alt="" className="player-photo-small" /> : null}
          <Link to={`/dashboard/players/${player.id}`}>{fullName(player)}</Link>
          {player.hideName ? <HiddenNameMark /> : null}
          {team.data?.captain_id === player.id ? <span className="badge">{t('admin.common.captain')}</span> : null}
        </span>
      ),
    },
    {
      key: 'rosterCaptain',
      header: t('admin.team.rosterCaptain'),
      className: 'cell-captain',
      render: (player) => {
        const on = captains.data?.includes(player.id) ?? false
        return (
          <label className="captain-toggle">
            <input
              type="checkbox"
              checked={on}
              disabled={!captains.data || setCaptain.isPending}
              onChange={() =>
                setCaptain.mutate(
                  { playerId: player.id, captain: !on },
                  {
                    onSuccess: () =>
                      flash.show(t(on ? 'admin.team.captainUnmarked' : 'admin.team.captainMarked', { name: fullName(player) })),
                    onError: (error) => flash.show(errorMessage(error, t('admin.team.captainFailed')), 'error'),
                  },
                )
              }
            />
            <span className="visually-hidden">{t('admin.team.captainOf', { name: fullName(player) })}</span>
          </label>
        )
      },
    },
    actionsColumn((player) => (
      <div className="row-actions">
        <EditButton
          label={t('admin.common.editNamed', { name: fullName(player) })}
          onClick={() => open({ kind: 'edit', player })}
        />
        <button
          type="button"
          className="icon-button icon-danger"
          aria-label={t('admin.team.removeNamed', { name: fullName(player) })}
          title={t('admin.team.removeFromTeam')}
          onClick={() => open({ kind: 'remove', players: [player] })}
        >
          <CloseIcon />
        </button>
      </div>
    )),
  ]

  return (
    <section className="admin-page">
      <Breadcrumbs>
        <Link to="/dashboard/seasons">{t('admin.seasons.title')}</Link>
        <Link to={`/dashboard/seasons/${seasonId}`}>{season.data?.name ?? t('admin.common.season')}</Link>
        <Link to={leaguePath}>{league?.name ?? t('admin.common.league')}</Link>
      </Breadcrumbs>
      <div className="page-heading">
        <div className="team-heading">
          {team.data?.logo ? (
            <img src={team.data.logo} alt={t('admin.common.logoOf', { name: team.data.name })} className="team-logo" />
          ) : null}
          <div>
            <h1 className="page-title">
              {team.data?.name ?? (team.isPending ? t('admin.team.loading') : t('admin.common.team'))}
            </h1>
            {team.data ? (
              <p className="muted team-summary">
                {t('admin.team.summary', { wins: team.data.wins, losses: team.data.losses, count: team.data.playersCount })}
                {team.data.captain ? t('admin.team.captainSuffix', { name: team.data.captain }) : ''}{' '}
                <SmallRosterMark count={team.data.playersCount} />
              </p>
            ) : null}
          </div>
        </div>
      </div>
      <Flash message={flash.message} />

      <section className="team-section" aria-labelledby="roster-title">
        <div className="page-heading">
          <h2 className="section-title" id="roster-title">
            {t('admin.team.roster')}
          </h2>
          <div className="toolbar">
            <button type="button" className="button button-primary" onClick={() => open({ kind: 'add' })} disabled={!team.data}>
              {t('admin.team.addPlayer')}
            </button>
            <button type="button" className="button" onClick={askRemoveSelected} disabled={!team.data}>
              <TrashIcon /> {t('admin.team.removeSelected')}
            </button>
          </div>
        </div>
        <DataTable
          caption={t('admin.team.roster')}
          columns={columns}
          rows={players}
          {...queryStatus(team, t('admin.team.loadingRoster'), (error) => errorMessage(error, t('admin.team.fetchFailed')))}
          emptyText={t('admin.common.noPlayers')}
        />
      </section>

      <section className="team-section" aria-labelledby="games-title">
        <h2 className="section-title" id="games-title">
          {t('admin.common.games')}
        </h2>
        <GamesTable
          games={team.data?.games}
          isLoading={team.isPending}
          error={team.isError ? errorMessage(team.error, t('admin.team.fetchFailed')) : null}
        />
      </section>

      {dialog?.kind === 'add' ? (
        <AddPlayerModal
          key={addRound}
          initialMode={addMode}
          busy={addPlayer.isPending}
          error={addPlayer.isError ? t('admin.team.addPlayerError') : null}
          rosterIds={ids}
          onSubmit={submitAdd}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditPlayerModal
          player={dialog.player}
          busy={updatePlayer.isPending}
          error={updatePlayer.isError ? errorMessage(updatePlayer.error, t('admin.team.updatePlayerError')) : null}
          onSubmit={(changes) =>
            updatePlayer.mutate(
              { id: dialog.player.id, ...changes },
              {
                onSuccess: () => {
                  close()
                  flash.show(t('admin.common.updatedNamed', { name: `${changes.firstName.trim()} ${changes.lastName.trim()}` }))
                },
              },
            )
          }
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title={t('admin.team.removeTitle')}
        confirmLabel={t('admin.common.remove')}
        message={
          dialog?.kind === 'remove' ? (
            <p>
              {dialog.players.length === 1
                ? richT('admin.team.removeQuestion', {
                    name: fullName(dialog.players[0]!),
                    team: team.data?.name ?? t('admin.team.thisTeam'),
                    b: (chunks) => <strong key="name">{chunks}</strong>,
                  })
                : t('admin.team.removeManyQuestion', { team: team.data?.name ?? t('admin.team.thisTeam') })}
            </p>
          ) : null
        }
        busy={removePlayers.isPending}
        error={removePlayers.isError ? errorMessage(removePlayers.error, t('admin.team.removeFailed')) : null}
        onConfirm={confirmRemove}
        onCancel={close}
      />
    </section>
  )
}

const fullName = (player: { firstName: string; lastName: string }) => `${player.firstName} ${player.lastName}`
