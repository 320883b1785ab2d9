import { useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { actionsColumn, Breadcrumbs, EditButton } from '../../components/admin-table'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { type Column, DataTable } from '../../components/data-table'
import { Flash, useFlash } from '../../components/flash'
import { CloseIcon, TrashIcon } from '../../components/icons'
import { RowCheckbox, SelectAllCheckbox, useSelection } from '../../components/selection'
import { ErrorState } from '../../components/status'
import { ApiError, errorMessage, isNotFound } from '../../lib/api-client'
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
  const league = leagues.data?.find((l) => l.id === leagueId)
  const leaguePath = `/dashboard/seasons/${seasonId}/leagues/${leagueId}`

  useAdminTitle(team.data?.name ?? 'Team')

  const { dialog, open, close } = useDialog<Dialog>(addPlayer, removePlayers, updatePlayer)

  if (team.isError && isNotFound(team.error)) {
    return (
      <section className="admin-page">
        <h1 className="page-title">Team</h1>
        <ErrorState message="Team not found." />
        <Link to={leaguePath}>Back to the league</Link>
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
        flash.show(`${label} added`)
      },
      onError: (error) => {
        if (error instanceof ApiError && error.message === ALREADY_ON_TEAM) {
          close()
          flash.show('Player already exists in this team', 'error')
        }
      },
    })

  const askRemoveSelected = () => {
    const chosen = players?.filter((player) => selection.isSelected(player.id)) ?? []
    if (chosen.length === 0) return flash.show('Select at least one player to remove.', 'error')
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
          flash.show(removing.length === 1 && removing[0] ? `${fullName(removing[0])} removed` : 'Players removed')
        },
      },
    )
  }

  const columns: Column<RosterPlayer>[] = [
    {
      key: 'select',
      header: <SelectAllCheckbox selection={selection} label="Select all players" />,
      className: 'cell-select',
      render: (player) => <RowCheckbox selection={selection} id={player.id} label={`Select ${fullName(player)}`} />,
    },
    {
      key: 'name',
      header: 'Name',
      render: (player) => (
        <span className="team-cell">
          {player.image ? <img src={player.image} alt="" className="player-photo-small" /> : null}
          <Link to={`/dashboard/players/${player.id}`}>{fullName(player)}</Link>
          {team.data?.captain_id === player.id ? <span className="badge">Captain</span> : null}
        </span>
      ),
    },
    actionsColumn((player) => (
      <div className="row-actions">
        <EditButton label={`Edit ${fullName(player)}`} onClick={() => open({ kind: 'edit', player })} />
        <button
          type="button"
          className="icon-button icon-danger"
          aria-label={`Remove ${fullName(player)} from the team`}
          title="Remove from team"
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
        <Link to="/dashboard/seasons">Seasons</Link>
        <Link to={`/dashboard/seasons/${seasonId}`}>{season.data?.name ?? 'Season'}</Link>
        <Link to={leaguePath}>{league?.name ?? 'League'}</Link>
      </Breadcrumbs>
      <div className="page-heading">
        <div className="team-heading">
          {team.data?.logo ? <img src={team.data.logo} alt={`${team.data.name} logo`} className="team-logo" /> : null}
          <div>
            <h1 className="page-title">{team.data?.name ?? (team.isPending ? 'Loading team...' : 'Team')}</h1>
            {team.data ? (
              <p className="muted team-summary">
                {team.data.wins}-{team.data.losses} · {team.data.playersCount} players
                {team.data.captain ? ` · Captain ${team.data.captain}` : ''} <SmallRosterMark count={team.data.playersCount} />
              </p>
            ) : null}
          </div>
        </div>
      </div>
      <Flash message={flash.message} />

      <section className="team-section" aria-labelledby="roster-title">
        <div className="page-heading">
          <h2 className="section-title" id="roster-title">
            Roster
          </h2>
          <div className="toolbar">
            <button type="button" className="button button-primary" onClick={() => open({ kind: 'add' })} disabled={!team.data}>
              Add Player
            </button>
            <button type="button" className="button" onClick={askRemoveSelected} disabled={!team.data}>
              <TrashIcon /> Remove Selected
            </button>
          </div>
        </div>
        <DataTable
          caption="Roster"
          columns={columns}
          rows={players}
          {...queryStatus(team, 'Loading roster...', (error) => errorMessage(error, 'Failed to fetch team'))}
          emptyText="No players available"
        />
      </section>

      <section className="team-section" aria-labelledby="games-title">
        <h2 className="section-title" id="games-title">
          Games
        </h2>
        <GamesTable
          games={team.data?.games}
          isLoading={team.isPending}
          error={team.isError ? errorMessage(team.error, 'Failed to fetch team') : null}
        />
      </section>

      {dialog?.kind === 'add' ? (
        <AddPlayerModal
          key={addRound}
          initialMode={addMode}
          busy={addPlayer.isPending}
          error={addPlayer.isError ? 'Error adding player' : null}
          rosterIds={ids}
          onSubmit={submitAdd}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditPlayerModal
          player={dialog.player}
          busy={updatePlayer.isPending}
          error={updatePlayer.isError ? errorMessage(updatePlayer.error, 'Error updating player') : null}
          onSubmit={(changes) =>
            updatePlayer.mutate(
              { id: dialog.player.id, ...changes },
              {
                onSuccess: () => {
                  close()
                  flash.show(`${changes.firstName.trim()} ${changes.lastName.trim()} updated`)
                },
              },
            )
          }
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title="Remove from roster"
        confirmLabel="Remove"
        message={
          dialog?.kind === 'remove' ? (
            <p>
              Remove {dialog.players.length === 1 ? <strong>{fullName(dialog.players[0]!)}</strong> : 'the selected players'} from{' '}
              {team.data?.name ?? 'this team'}? The player stays in the organization.
            </p>
          ) : null
        }
        busy={removePlayers.isPending}
        error={removePlayers.isError ? errorMessage(removePlayers.error, 'Failed to remove player') : null}
        onConfirm={confirmRemove}
        onCancel={close}
      />
    </section>
  )
}

const fullName = (player: { firstName: string; lastName: string }) => `${player.firstName} ${player.lastName}`
