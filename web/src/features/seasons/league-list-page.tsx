import { useMemo } from 'react'
import { Link } from 'react-router'
import type { AdminPrefetch } from '../../app/lazy-screen'
import { activeColumn, PageHeading } from '../../components/admin-table'
import { type Column, DataTable } from '../../components/data-table'
import { SeasonSelect, useListState } from '../../components/pager'
import { useT } from '../../lib/i18n'
import { type SeasonsLeague, seasonsLeaguesQuery, useSeasonsLeagues } from '../../lib/seasons-api'
import './seasons.css'
import { queryStatus } from '../../lib/query-status'
import { useAdminTitle } from '../../lib/use-admin-title'

const leagueLink = (link: SeasonsLeague) => `/dashboard/seasons/${link.season.id}/leagues/${link.league.id}`

/**
 * /leagueList: the season↔league links of the organization, newest season first — the active
 * season's unless another season (or every season) is chosen (docs/decisions/2026-11-25-admin-paging.md).
 * A few hundred links at forty seasons: filtered here, from the one small answer.
 */
/** The season↔league links, as the chunk arrives. */
export const adminPrefetch: AdminPrefetch = (client) => void client.prefetchQuery(seasonsLeaguesQuery)

export function LeagueListPage() {
  const t = useT()
  const links = useSeasonsLeagues()
  const list = useListState()
  const seasons = useMemo(
    () => [...new Map((links.data ?? []).map((link) => [link.season.id, link.season])).values()],
    [links.data],
  )
  // The active season, else (none active) every season.
  const activeId = seasons.find((s) => s.active)?.id
  const season = list.season === 'active' ? (activeId ?? 'all') : list.season
  const rows = links.data?.filter((link) => season === 'all' || link.season.id === season)

  useAdminTitle(t('admin.leagues.title'))

  const columns: Column<SeasonsLeague>[] = [
    {
      key: 'league',
      header: t('admin.common.league'),
      render: (link) => <Link to={leagueLink(link)}>{link.league.name}</Link>,
    },
    {
      key: 'season',
      header: t('admin.common.season'),
      render: (link) => <Link to={`/dashboard/seasons/${link.season.id}`}>{link.season.name}</Link>,
    },
    activeColumn((link) => link.season.active),
  ]

  return (
    <section className="admin-page">
      <PageHeading title={t('admin.leagues.title')} />
      <div className="list-controls">
        <SeasonSelect seasons={links.data ? seasons : undefined} value={season} onChange={list.setSeason} />
      </div>
      <DataTable
        caption={t('admin.leagues.bySeason')}
        columns={columns}
        rows={rows}
        {...queryStatus(links, t('admin.common.loadingLeagues'), t('admin.leagues.loadError'))}
        emptyText={t('admin.common.noLeagues')}
      />
    </section>
  )
}
