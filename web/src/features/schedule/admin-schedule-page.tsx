import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { displayStatus } from '../../../../worker/domain/games'
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
import { gameDay, gameTime } from '../../lib/admin-format'
import { t as translate, useRichT, useT } from '../../lib/i18n'
import { queryStatus } from '../../lib/query-status'
import { useAdminTitle } from '../../lib/use-admin-title'

type Editing = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; game: ScheduleGame }
/** A delete waiting for its confirmation; `boxScore` once the server said the game has one (409). */
type Deleting = { game: ScheduleGame; boxScore: string | null } | null

const matchup = (game: ScheduleGame) => translate('admin.common.vs', { home: game.homeTeam.name, away: game.awayTeam.name })

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
  const t = useT()
  const richT = useRichT()
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

  useAdminTitle(t('admin.schedule.title'))

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
          flash.show(t('admin.schedule.created'))
        },
      })
    } else if (result.kind === 'create') createGame.mutate(result.input, { onSuccess: done(t('admin.schedule.created')) })
    else updateGame.mutate({ id: result.id, input: result.input }, { onSuccess: done(t('admin.schedule.updated')) })
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
          flash.show(t('admin.schedule.deleted'))
        },
        onError: (error) => {
          // The game has a box score: say so and ask again before deleting the stats with it.
          if (error instanceof ApiError && error.status === 409 && boxScore === null) {
            deleteGame.reset()
            setDeleting({ game, boxScore: error.message || t('admin.schedule.hasBoxScore') })
          }
        },
      },
    )
  }

  const columns: Column<ScheduleGame>[] = [
    { key: 'date', header: t('admin.common.date'), className: 'cell-nowrap', render: (g) => gameDay(g) },
    { key: 'matchup', header: t('admin.common.matchup'), render: (g) => <Link to={`/games/${g.id}`}>{matchup(g)}</Link> },
    { key: 'time', header: t('admin.common.time'), className: 'cell-nowrap', render: (g) => gameTime(g.time) },
    { key: 'league', header: t('admin.common.league'), render: (g) => g.league?.name ?? '—' },
    { key: 'location', header: t('admin.common.location'), render: (g) => g.location ?? '—' },
    { key: 'result', header: t('admin.common.results'), className: 'cell-nowrap', render: gameResult },
    { key: 'status', header: t('admin.common.status'), render: (g) => <StatusBadge status={displayStatus(g)} /> },
    actionsColumn((g) => (
      <div className="row-actions">
        <button
          type="button"
          className="icon-button"
          aria-label={t('admin.common.editNamed', { name: matchup(g) })}
          onClick={() => setEditing({ kind: 'edit', game: g })}
        >
          <EditIcon />
        </button>
        <button
          type="button"
          className="icon-button icon-danger"
          aria-label={t('admin.common.deleteNamed', { name: matchup(g) })}
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
        <h1 className="page-title">{t('admin.schedule.title')}</h1>
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
          {t('admin.schedule.addGame')}
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
        <ListSearch
          label={t('admin.common.searchTeams')}
          placeholder={t('admin.common.teamNamePlaceholder')}
          value={list.search}
          onChange={list.setSearch}
        />
      </div>
      <DataTable
        caption={t('admin.common.games')}
        columns={columns}
        rows={rows}
        {...queryStatus(games, t('admin.common.loadingGames'), (error) => errorMessage(error, t('admin.common.gamesLoadError')))}
        emptyText={
          list.q
            ? t('admin.common.noGamesMatching', { q: list.q })
            : list.season === 'active' && games.data?.seasonId === null
              ? t('admin.schedule.noActiveSeason')
              : t('admin.common.noGames')
        }
      />
      <ListPager list={list} query={games} noun="games" label={t('admin.schedule.pages')} />

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
              ? errorMessage(
                  saveMutation.error,
                  editing.kind === 'create' ? t('admin.schedule.createFailed') : t('admin.schedule.updateFailed'),
                )
              : null
          }
          fieldErrors={saveMutation.error instanceof ApiError ? saveMutation.error.fields : undefined}
          onSave={save}
          onClose={() => setEditing({ kind: 'closed' })}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.boxScore ? t('admin.schedule.deleteBoxScoreTitle') : t('admin.schedule.deleteTitle')}
        message={
          deleting?.boxScore ? (
            <>
              <p>{deleting.boxScore}</p>
              <p>
                {richT('admin.schedule.deleteStatsQuestion', {
                  game: matchup(deleting.game),
                  b: (chunks) => <strong key="game">{chunks}</strong>,
                })}
              </p>
            </>
          ) : deleting ? (
            <p>
              {richT('admin.schedule.deleteQuestion', {
                game: matchup(deleting.game),
                day: gameDay(deleting.game),
                b: (chunks) => <strong key="game">{chunks}</strong>,
              })}
            </p>
          ) : null
        }
        confirmLabel={deleting?.boxScore ? t('admin.schedule.deleteWithStats') : t('admin.common.delete')}
        busy={deleteGame.isPending}
        error={deleteGame.error ? errorMessage(deleteGame.error, t('admin.schedule.deleteFailed')) : null}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  )
}
