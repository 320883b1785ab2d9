import { useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import type { AdminPrefetch } from '../../app/lazy-screen'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { type Column, DataTable } from '../../components/data-table'
import { Flash, useFlash } from '../../components/flash'
import { ListPager, ListSearch, listPageFromSearch, SeasonSelect, useListState } from '../../components/pager'
import { errorMessage } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { seasonsQuery, useSeasons } from '../../lib/seasons-api'
import { duplicateNameIds, fullName, type Player, useDeletePlayers } from './api'
import { playerPageQuery, seasonTeamOptionsQuery, usePlayerPage, useSeasonTeamOptions } from './player-list-api'
import { suspendedPlayersQuery, useSuspendedPlayers } from './suspensions-api'
import { WarningIcon } from './warning-icon'
import './players.css'
import { HiddenNameMark } from '../../components/hidden-name-mark'
import { NameOptions, SelectField } from '../../components/select-field'
import { queryStatus } from '../../lib/query-status'
import { useAdminTitle } from '../../lib/use-admin-title'

/**
 * docs/reference/league-admin.md Admin player list: team filter, ID / Name / Team table, likely duplicates flagged,
 * bulk delete with the spec's prompts. The server refuses (409) players with recorded stats.
 * One page of one season's players at a time (the active season first), searched by the server
 * (docs/decisions/2026-11-25-admin-paging.md).
 */
/** The season list, the season's teams (the filter), the address's page of players and who is suspended, as the chunk arrives. */
export const adminPrefetch: AdminPrefetch = (client, { search: params }) => {
  const { season, q, offset } = listPageFromSearch(params)
  void client.prefetchQuery(seasonsQuery)
  if (season !== 'all') void client.prefetchQuery(seasonTeamOptionsQuery(season))
  void client.prefetchQuery(playerPageQuery({ season, search: q.length >= 2 ? q : '', teamId: '', offset }))
  // The Suspended badges (docs/registration.md "Suspensions").
  void client.prefetchQuery(suspendedPlayersQuery)
}

export function AdminPlayerListPage() {
  const t = useT()
  const id = useId()
  const list = useListState()
  const seasons = useSeasons()
  const [teamId, setTeamId] = useState('')
  const teams = useSeasonTeamOptions(list.season)
  const deletePlayers = useDeletePlayers()
  const flash = useFlash()
  // The server searches from 2 characters (the start of a first, last or full name).
  const search = list.q.length >= 2 ? list.q : ''
  const players = usePlayerPage({ season: list.season, search, teamId: list.season === 'all' ? '' : teamId, offset: list.offset })
  const [selected, setSelected] = useState<Set<number>>(() => new Set())
  const [confirming, setConfirming] = useState(false)

  useAdminTitle(t('admin.players.title'))

  const rows = useMemo(() => players.data?.players ?? [], [players.data])
  // The server flags a name shared with any player of the organization, on whichever page.
  const duplicates = useMemo(() => {
    const onPage = duplicateNameIds(rows)
    for (const player of rows) if (player.duplicate) onPage.add(player.id)
    return onPage
  }, [rows])
  // docs/registration.md "Suspensions": the organization's players suspended today, marked by name.
  const suspendedList = useSuspendedPlayers()
  const suspended = useMemo(() => new Set((suspendedList.data ?? []).map((s) => s.playerId)), [suspendedList.data])
  const seasonId = players.data?.seasonId ?? null
  // In a season, the team the player played for in it; else the current one.
  const teamOf = (player: Player) =>
    (seasonId !== null ? player.rosters.find((place) => place.season.id === seasonId)?.team : undefined) ?? player.team
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
      flash.show(t('admin.players.selectFirst'), 'error')
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
        flash.show(visibleSelection.length === 1 ? t('admin.players.deletedOne') : t('admin.players.deletedMany'))
      },
    })

  const columns: Column<Player>[] = [
    {
      key: 'select',
      className: 'cell-select',
      header: (
        <input
          type="checkbox"
          aria-label={t('admin.team.selectAllPlayers')}
          checked={allSelected}
          disabled={rows.length === 0}
          onChange={toggleAll}
        />
      ),
      render: (player) => (
        <input
          type="checkbox"
          aria-label={t('admin.common.selectNamed', { name: fullName(player) })}
          checked={selected.has(player.id)}
          onChange={() => toggle(player.id)}
        />
      ),
    },
    { key: 'id', header: t('admin.common.id'), className: 'cell-id', render: (player) => player.id },
    {
      key: 'name',
      header: t('admin.common.name'),
      render: (player) => {
        const duplicate = duplicates.has(player.id)
        return (
          <span className={duplicate ? 'player-duplicate' : undefined}>
            <Link to={`/dashboard/players/${player.id}`}>{fullName(player)}</Link>
            {player.hideName ? <HiddenNameMark /> : null}
            {duplicate ? (
              <span className="duplicate-mark" role="img" aria-label="Possible duplicate: another player has the same name">
                <WarningIcon />
              </span>
            ) : null}
            {suspended.has(player.id) ? (
              <>
                {' '}
                <span className="suspended-badge">{t('admin.suspensions.badge')}</span>
              </>
            ) : null}
          </span>
        )
      },
    },
    {
      key: 'team',
      header: t('admin.common.team'),
      render: (player) => teamOf(player)?.name ?? <span className="muted">{t('admin.players.noTeam')}</span>,
    },
  ]

  return (
    <section className="admin-page">
      <div className="page-heading">
        <h1 className="page-title">{t('admin.players.title')}</h1>
        <button type="button" className="button button-danger" onClick={askDelete}>
          {t('admin.players.deleteSelected', { count: visibleSelection.length })}
        </button>
      </div>
      <Flash message={flash.message} />
      <div className="list-controls player-toolbar">
        <SeasonSelect
          seasons={seasons.data}
          value={list.season}
          resolved={players.data?.seasonId}
          onChange={(season) => {
            setTeamId('')
            list.setSeason(season)
          }}
        />
        <ListSearch
          label={t('admin.players.search')}
          placeholder={t('admin.players.searchPlaceholder')}
          value={list.search}
          onChange={list.setSearch}
        />
        <SelectField
          id={`${id}-team`}
          label={t('admin.common.team')}
          value={list.season === 'all' ? '' : teamId}
          disabled={list.season === 'all'}
          aria-describedby={list.season === 'all' ? `${id}-team-hint` : undefined}
          onChange={(event) => {
            setTeamId(event.target.value)
            list.setPage(1)
          }}
          after={
            list.season === 'all' ? (
              <span className="field-hint" id={`${id}-team-hint`}>
                {t('admin.players.chooseSeason')}
              </span>
            ) : null
          }
        >
          <option value="">{t('admin.players.allTeams')}</option>
          <NameOptions items={teams.data} />
        </SelectField>
        {players.data && duplicates.size > 0 ? (
          <p className="muted player-count list-count">{`${duplicates.size} on this page with a shared name`}</p>
        ) : null}
      </div>
      {list.q.length === 1 ? <p className="field-hint">{t('admin.players.minChars')}</p> : null}
      <DataTable
        caption={t('admin.common.players')}
        columns={columns}
        rows={rows}
        {...queryStatus(players, t('admin.common.loadingPlayers'), (error) => errorMessage(error, t('admin.players.loadError')))}
        emptyText={
          search
            ? t('admin.players.noMatch', { q: search })
            : list.season === 'active' && players.data?.seasonId === null
              ? t('admin.teams.noActiveSeason')
              : t('admin.common.noPlayers')
        }
      />
      <ListPager list={list} query={players} noun="players" label={t('admin.players.pages')} />
      <ConfirmDialog
        open={confirming}
        title={t('admin.players.deleteTitle')}
        message={<p>{t('admin.players.deleteQuestion')}</p>}
        busy={deletePlayers.isPending}
        error={deletePlayers.isError ? errorMessage(deletePlayers.error, t('admin.players.deleteError')) : null}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}
