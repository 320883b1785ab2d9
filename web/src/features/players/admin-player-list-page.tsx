import { useEffect, useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { type Column, DataTable } from '../../components/data-table'
import { Flash, useFlash } from '../../components/flash'
import { errorMessage } from '../../lib/api-client'
import { useDebounced } from '../../lib/use-debounced'
import { duplicateNameIds, fullName, type Player, useDeletePlayers, usePlayers, useTeamOptions } from './api'
import { WarningIcon } from './warning-icon'
import './players.css'

const SEARCH_DELAY_MS = 300

/**
 * Spec 02 Admin player list: team filter, ID / Name / Team table, likely duplicates flagged,
 * bulk delete with the spec's prompts. The server refuses (409) players with recorded stats.
 */
export function AdminPlayerListPage() {
  const id = useId()
  const [search, setSearch] = useState('')
  const typed = useDebounced(search.trim(), SEARCH_DELAY_MS)
  const teams = useTeamOptions()
  const deletePlayers = useDeletePlayers()
  const flash = useFlash()
  const [teamId, setTeamId] = useState('')
  // The server searches from 2 characters and filters by team (any season's roster).
  const players = usePlayers({ search: typed.length >= 2 ? typed : '', teamId })
  const [selected, setSelected] = useState<Set<number>>(() => new Set())
  const [confirming, setConfirming] = useState(false)

  useEffect(() => {
    document.title = 'All Players · Courtside'
  }, [])

  const rows = useMemo(() => players.data?.players ?? [], [players.data])
  const duplicates = useMemo(() => duplicateNameIds(rows), [rows])
  // Only what is on screen can be deleted: a selection hidden by the filter is dropped.
  const visibleSelection = rows.filter((player) => selected.has(player.id)).map((player) => player.id)
  const allSelected = rows.length > 0 && visibleSelection.length === rows.length

  const toggle = (playerId: number) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(playerId)) next.delete(playerId)
      else next.add(playerId)
      return next
    })
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(rows.map((player) => player.id)))

  const askDelete = () => {
    if (visibleSelection.length === 0) {
      flash.show('Please select at least one player to delete.', 'error')
      return
    }
    deletePlayers.reset()
    setConfirming(true)
  }
  const confirmDelete = () =>
    deletePlayers.mutate(visibleSelection, {
      onSuccess: () => {
        setConfirming(false)
        setSelected(new Set())
        flash.show(visibleSelection.length === 1 ? 'Player deleted' : 'Players deleted')
      },
    })

  const columns: Column<Player>[] = [
    {
      key: 'select',
      className: 'cell-select',
      header: (
        <input
          type="checkbox"
          aria-label="Select all players"
          checked={allSelected}
          disabled={rows.length === 0}
          onChange={toggleAll}
        />
      ),
      render: (player) => (
        <input
          type="checkbox"
          aria-label={`Select ${fullName(player)}`}
          checked={selected.has(player.id)}
          onChange={() => toggle(player.id)}
        />
      ),
    },
    { key: 'id', header: 'ID', className: 'cell-id', render: (player) => player.id },
    {
      key: 'name',
      header: 'Name',
      render: (player) => {
        const duplicate = duplicates.has(player.id)
        return (
          <span className={duplicate ? 'player-duplicate' : undefined}>
            <Link to={`/dashboard/players/${player.id}`}>{fullName(player)}</Link>
            {duplicate ? (
              <span className="duplicate-mark" role="img" aria-label="Possible duplicate: another player has the same name">
                <WarningIcon />
              </span>
            ) : null}
          </span>
        )
      },
    },
    { key: 'team', header: 'Team', render: (player) => player.team?.name ?? <span className="muted">No Team</span> },
  ]

  return (
    <section className="admin-page">
      <div className="page-heading">
        <h1 className="page-title">All Players</h1>
        <button type="button" className="button button-danger" onClick={askDelete}>
          Delete Selected{visibleSelection.length > 0 ? ` (${visibleSelection.length})` : ''}
        </button>
      </div>
      <Flash message={flash.message} />
      <div className="player-toolbar">
        <div className="field">
          <label htmlFor={`${id}-search`}>Search</label>
          <input
            id={`${id}-search`}
            type="search"
            placeholder="Player name..."
            value={search}
            autoComplete="off"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-team`}>Team</label>
          <select id={`${id}-team`} value={teamId} onChange={(event) => setTeamId(event.target.value)}>
            <option value="">All Teams</option>
            {(teams.data ?? []).map((team) => (
              <option key={team.id} value={String(team.id)}>
                {team.name}
              </option>
            ))}
          </select>
        </div>
        {players.data ? (
          <p className="muted player-count">
            {rows.length === 1 ? '1 player' : `${rows.length} players`}
            {duplicates.size > 0 ? ` · ${duplicates.size} with a shared name` : ''}
            {players.data.truncated ? ' · the first by name: search or choose a team for the others' : ''}
          </p>
        ) : null}
      </div>
      <DataTable
        caption="Players"
        columns={columns}
        rows={rows}
        rowKey={(player) => player.id}
        isLoading={players.isPending}
        loadingText="Loading players..."
        error={players.isError ? errorMessage(players.error, 'Players could not be loaded.') : null}
        onRetry={() => players.refetch()}
        emptyText="No players available"
      />
      <ConfirmDialog
        open={confirming}
        title="Delete players"
        message={<p>Are you sure you want to delete the selected players?</p>}
        busy={deletePlayers.isPending}
        error={deletePlayers.isError ? errorMessage(deletePlayers.error, 'Error deleting players') : null}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}
