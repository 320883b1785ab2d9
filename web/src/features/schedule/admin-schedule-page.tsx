import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { displayStatus } from '../../../../worker/domain/games'
import { formatGameDay, formatGameTime } from '../../../../worker/domain/time'
import type { AdminPrefetch } from '../../app/lazy-screen'
import { actionsColumn } from '../../components/admin-table'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { type Column, DataTable } from '../../components/data-table'
import { Flash, useFlash } from '../../components/flash'
import { EditIcon, TrashIcon } from '../../components/icons'
import { ListPager, ListSearch, listPageFromSearch, SeasonSelect, useListState } from '../../components/pager'
import { StatusBadge } from '../../components/status-badge'
import { ApiError, errorMessage } from '../../lib/api-client'
import { useCreateGame, useDeleteGame, useUpdateGame } from './admin-api'
import { gamePageQuery, useGamePage } from './admin-list-api'
import { adminSeasonsQuery, type NewGameInput, useSeasons } from './api'
import { GameFormModal, type GameFormResult } from './components/game-form-modal'
import { gameResult, type ScheduleGame, scheduleRows } from './schedule-rows'
import './schedule.css'
import { queryStatus } from '../../lib/query-status'
import { useAdminTitle } from '../../lib/use-admin-title'

type Editing = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; game: ScheduleGame }
/** A delete waiting for its confirmation; `boxScore` once the server said the game has one (409). */
type Deleting = { game: ScheduleGame; boxScore: string | null } | null

const matchup = (game: ScheduleGame) => `${game.homeTeam.name} vs ${game.awayTeam.name}`

/**
 * docs/reference/league-admin.md Schedule screen, admin view (/schedule and /games; "only its start is shown", so the
 * rest is ours): the organization's games of a season, Add Game, edit and delete — one page at a
 * time, searched by team name on the server (docs/decisions/2026-11-25-admin-paging.md).
 */
/** The season list and the address's page of games (the active season's unless one is named), as the chunk arrives. */
export const adminPrefetch: AdminPrefetch = (client, { search }) => {
  const { season, q, offset } = listPageFromSearch(search)
  void client.prefetchQuery(adminSeasonsQuery)
  void client.prefetchQuery(gamePageQuery({ season, q, offset }))
}

export function AdminSchedulePage() {
  const list = useListState()
  const seasons = useSeasons()
  // The active season is asked for at once, beside the seasons (no wait for their list); with no
  // active season, the latest one.
  const latest = seasons.data?.some((s) => s.active) === false ? seasons.data[0] : undefined
  const season = list.season === 'active' && latest ? latest.id : list.season
  const games = useGamePage({ season, q: list.q, offset: list.offset })
  const activeSeason = seasons.data?.find((s) => s.active) ?? seasons.data?.[0]
  const seasonId = typeof season === 'number' ? season : (games.data?.seasonId ?? activeSeason?.id ?? null)
  const flash = useFlash()
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' })
  const [carry, setCarry] = useState<NewGameInput | null>(null)
  const [addRound, setAddRound] = useState(0)
  const [deleting, setDeleting] = useState<Deleting>(null)
  const createGame = useCreateGame()
  const updateGame = useUpdateGame()
  const deleteGame = useDeleteGame()

  useAdminTitle('Schedule')

  // The same order as the public schedule: by date, then time.
  const rows = useMemo(
    () => scheduleRows(games.data?.games ?? [], [], []).flatMap((row) => (row.kind === 'game' ? [row.game] : [])),
    [games.data],
  )

  const save = (result: GameFormResult) => {
    const done = (text: string) => () => {
      setEditing({ kind: 'closed' })
      flash.show(text)
    }
    if (result.kind === 'create' && result.another) {
      // "Add and Add Another": the form comes back with the same season, league, night and place.
      createGame.mutate(result.input, {
        onSuccess: () => {
          setCarry(result.input)
          setAddRound((round) => round + 1)
          flash.show('Game created')
        },
      })
    } else if (result.kind === 'create') createGame.mutate(result.input, { onSuccess: done('Game created') })
    else updateGame.mutate({ id: result.id, input: result.input }, { onSuccess: done('Game updated') })
  }
  const saveMutation = editing.kind === 'create' ? createGame : updateGame

  const confirmDelete = () => {
    if (!deleting) return
    const { game, boxScore } = deleting
    deleteGame.mutate(
      { id: game.id, confirm: boxScore !== null },
      {
        onSuccess: () => {
          setDeleting(null)
          flash.show('Game deleted')
        },
        onError: (error) => {
          // The game has a box score: say so and ask again before deleting the stats with it.
          if (error instanceof ApiError && error.status === 409 && boxScore === null) {
            deleteGame.reset()
            setDeleting({ game, boxScore: error.message || 'This game has a box score.' })
          }
        },
      },
    )
  }

  const columns: Column<ScheduleGame>[] = [
    { key: 'date', header: 'Date', className: 'cell-nowrap', render: (g) => formatGameDay(g) },
    { key: 'matchup', header: 'Matchup', render: (g) => <Link to={`/games/${g.id}`}>{matchup(g)}</Link> },
    { key: 'time', header: 'Time', className: 'cell-nowrap', render: (g) => formatGameTime(g.time) },
    { key: 'league', header: 'League', render: (g) => g.league?.name ?? '—' },
    { key: 'location', header: 'Location', render: (g) => g.location ?? '—' },
    { key: 'result', header: 'Results', className: 'cell-nowrap', render: gameResult },
    { key: 'status', header: 'Status', render: (g) => <StatusBadge status={displayStatus(g)} /> },
    actionsColumn((g) => (
      <div className="row-actions">
        <button
          type="button"
          className="icon-button"
          aria-label={`Edit ${matchup(g)}`}
          onClick={() => setEditing({ kind: 'edit', game: g })}
        >
          <EditIcon />
        </button>
        <button
          type="button"
          className="icon-button icon-danger"
          aria-label={`Delete ${matchup(g)}`}
          onClick={() => {
            deleteGame.reset()
            setDeleting({ game: g, boxScore: null })
          }}
        >
          <TrashIcon />
        </button>
      </div>
    )),
  ]

  return (
    <section className="admin-page admin-games">
      <div className="page-heading">
        <h1 className="page-title">Schedule</h1>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            createGame.reset()
            setCarry(null)
            setEditing({ kind: 'create' })
          }}
          disabled={seasons.isPending}
        >
          Add Game
        </button>
      </div>
      <Flash message={flash.message} />
      <div className="list-controls admin-games-toolbar">
        <SeasonSelect
          seasons={seasons.data}
          value={season}
          resolved={games.data?.seasonId}
          onChange={list.setSeason}
          allowAll={false}
          disabled={!seasons.data?.length}
        />
        <ListSearch label="Search teams" placeholder="Team name..." value={list.search} onChange={list.setSearch} />
      </div>
      <DataTable
        caption="Games"
        columns={columns}
        rows={rows}
        {...queryStatus(games, 'Loading games...', (error) => errorMessage(error, 'Games could not be loaded.'))}
        emptyText={
          list.q
            ? `No games of a team matching “${list.q}”`
            : list.season === 'active' && games.data?.seasonId === null
              ? 'There is no active season: choose a season.'
              : 'No games available'
        }
      />
      <ListPager list={list} query={games} noun="games" label="Schedule pages" />

      {editing.kind !== 'closed' ? (
        <GameFormModal
          key={editing.kind === 'edit' ? editing.game.id : `new-${addRound}`}
          carry={editing.kind === 'create' ? carry : null}
          game={editing.kind === 'edit' ? editing.game : null}
          seasons={seasons.data ?? []}
          defaultSeasonId={seasonId}
          busy={saveMutation.isPending}
          error={
            saveMutation.error
              ? errorMessage(saveMutation.error, editing.kind === 'create' ? 'Failed to create game' : 'Failed to update game')
              : null
          }
          fieldErrors={saveMutation.error instanceof ApiError ? saveMutation.error.fields : undefined}
          onSave={save}
          onClose={() => setEditing({ kind: 'closed' })}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.boxScore ? 'Delete the box score too?' : 'Delete game'}
        message={
          deleting?.boxScore ? (
            <>
              <p>{deleting.boxScore}</p>
              <p>
                Delete <strong>{matchup(deleting.game)}</strong> and its recorded stats?
              </p>
            </>
          ) : deleting ? (
            <p>
              Are you sure you want to delete <strong>{matchup(deleting.game)}</strong> ({formatGameDay(deleting.game)})?
            </p>
          ) : null
        }
        confirmLabel={deleting?.boxScore ? 'Delete game and stats' : 'Delete'}
        busy={deleteGame.isPending}
        error={deleteGame.error ? errorMessage(deleteGame.error, 'Failed to delete game') : null}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  )
}
