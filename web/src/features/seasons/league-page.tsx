import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import type { AdminPrefetch } from '../../app/lazy-screen'
import { activeColumn, Breadcrumbs, PageHeading } from '../../components/admin-table'
import { type Column, DataTable } from '../../components/data-table'
import { ListPager, ListSearch, listPageFromSearch, type SeasonChoice, SeasonSelect, useListState } from '../../components/pager'
import { gameDay } from '../../lib/admin-format'
import { useT } from '../../lib/i18n'
import { type SeasonsLeague, seasonsLeaguesQuery, useSeasonsLeagues } from '../../lib/seasons-api'
import { type LeagueGame, leagueGamePageQuery, useLeagueGamePage } from './league-games-api'
import './seasons.css'
import { NameOptions } from '../../components/select-field'
import { queryStatus } from '../../lib/query-status'
import { isCustomDomain } from '../../lib/tenant'
import { useWorkingOrganization } from '../../lib/use-acting-org'
import { useAdminTitle } from '../../lib/use-admin-title'
import { LATEST_SEASONS, latestSeasons } from './latest-seasons'

/** The league's current season: the active one if it plays in it, else its latest (newest first). */
const currentSeason = <S extends { active: boolean }>(seasons: S[] | undefined) => seasons?.find((s) => s.active) ?? seasons?.[0]

const seasonsOf = (links: SeasonsLeague[], leagueId: number) =>
  links.filter((link) => link.league.id === leagueId).map((link) => link.season)

/**
 * The league's seasons as the chunk arrives, and its games at once when the address names their
 * season — else the moment the seasons are in and name its current one, before the page's first
 * render needs them (docs/decisions/2026-11-25-admin-prefetch.md).
 */
export const adminPrefetch: AdminPrefetch = (client, { params, search }) => {
  const links = client.fetchQuery(seasonsLeaguesQuery)
  // A failure is the page's to show when it asks again.
  void links.catch(() => {})
  const leagueId = Number(params.leagueId)
  if (!Number.isInteger(leagueId) || leagueId <= 0) return
  const { season, q, offset } = listPageFromSearch(search)
  const games = (choice: SeasonChoice) => client.prefetchQuery(leagueGamePageQuery({ leagueId, season: choice, q, offset }))
  if (season !== 'active') void games(season)
  else
    void links
      .then((all) => {
        const current = currentSeason(seasonsOf(all, leagueId))
        return current && games(current.id)
      })
      .catch(() => {})
}

/** /leagues/{id}: the seasons a league has been played in, each linking to its teams there. */

export function LeaguePage() {
  const t = useT()
  const leagueId = Number(useParams().leagueId)
  const links = useSeasonsLeagues()
  const seasons = links.data?.filter((link) => link.league.id === leagueId)
  const name = seasons?.[0]?.league.name
  // Which league's page shows all its seasons: another league chosen in the page starts collapsed.
  const [allOf, setAllOf] = useState<number>()
  const showAll = allOf === leagueId
  const latest = seasons && latestSeasons(seasons)
  const collapsible = !!seasons && !!latest && latest.length < seasons.length
  const organization = useWorkingOrganization()
  // Where the organization's site lives on this host: the root on its own domain, /{slug} on the platform.
  const site = isCustomDomain() ? '' : organization?.slug ? `/${encodeURIComponent(organization.slug)}` : null

  useAdminTitle(name ?? t('admin.common.league'))

  const columns: Column<SeasonsLeague>[] = [
    {
      key: 'season',
      header: t('admin.common.season'),
      render: (link) => <Link to={`/dashboard/seasons/${link.season.id}/leagues/${link.league.id}`}>{link.season.name}</Link>,
    },
    activeColumn((link) => link.season.active),
    {
      key: 'detail',
      header: <span className="visually-hidden">{t('admin.leagues.seasonPage')}</span>,
      className: 'cell-actions',
      render: (link) => <Link to={`/dashboard/seasons/${link.season.id}`}>{t('admin.leagues.seasonPage')}</Link>,
    },
  ]

  return (
    <section className="admin-page">
      <Breadcrumbs>
        <Link to="/leagueList">{t('admin.leagues.title')}</Link>
      </Breadcrumbs>
      <PageHeading title={name ?? (links.isPending ? t('admin.leagues.loading') : t('admin.common.league'))}>
        {/* The league on the organization's public site: its schedule, filtered to it (docs/decisions/2026-11-28-admin-small-things.md). */}
        {site !== null ? (
          <Link className="button" to={`${site}/schedule?league=${leagueId}`}>
            {t('admin.leagues.seeOnSite')}
          </Link>
        ) : null}
      </PageHeading>
      <DataTable
        caption={t('admin.leagues.seasonsCaption')}
        columns={columns}
        rows={showAll ? seasons : latest}
        {...queryStatus(links, t('admin.seasons.loading'), t('admin.seasons.loadError'))}
        emptyText={t('admin.seasons.empty')}
      />
      {collapsible ? (
        <p className="list-more">
          <button
            type="button"
            className="button"
            aria-expanded={showAll}
            onClick={() => setAllOf(showAll ? undefined : leagueId)}
          >
            {showAll
              ? t('admin.leagues.showLatest', { count: LATEST_SEASONS })
              : t('admin.leagues.showAll', { count: seasons?.length })}
          </button>
        </p>
      ) : null}
      <SimpleLeagueSchedule
        key={leagueId}
        leagueId={leagueId}
        leagues={uniqueLeagues(links.data ?? [])}
        seasons={links.data && seasonsOf(links.data, leagueId)}
      />
    </section>
  )
}

const uniqueLeagues = (links: SeasonsLeague[]) =>
  [...new Map(links.map((l) => [l.league.id, l.league])).values()].sort((a, b) => a.name.localeCompare(b.name))

/**
 * docs/reference/league-admin.md "Simple league schedule table": Date, Matchup (link to /games/{id}), Results, with a
 * league dropdown and 'No games available'. Its dates are shown in UTC, as the spec says. One
 * season at a time — the active one when the league plays in it, else its latest — a page at a
 * time, searched by team name on the server (docs/decisions/2026-11-25-admin-paging.md).
 */
function SimpleLeagueSchedule({
  leagueId,
  leagues,
  seasons,
}: {
  leagueId: number
  leagues: { id: number; name: string }[]
  /** The league's seasons, newest first; undefined while loading. */
  seasons: { id: number; name: string; active: boolean }[] | undefined
}) {
  const t = useT()
  const navigate = useNavigate()
  const list = useListState()
  // 'active' here means the league's current season.
  const current = currentSeason(seasons)
  const season: SeasonChoice | undefined = list.season === 'active' ? current?.id : list.season
  const games = useLeagueGamePage({ leagueId, season: season ?? 'active', q: list.q, offset: list.offset }, season !== undefined)
  const columns: Column<LeagueGame>[] = [
    { key: 'date', header: t('admin.common.date'), render: (g) => gameDay(g) },
    {
      key: 'matchup',
      header: t('admin.common.matchup'),
      render: (g) => (
        <Link to={`/games/${g.id}`}>
          {g.homeTeam.name} vs {g.awayTeam.name}
        </Link>
      ),
    },
    {
      key: 'results',
      header: t('admin.common.results'),
      render: (g) => (g.score_team1 > 0 || g.score_team2 > 0 ? `${g.score_team1} - ${g.score_team2}` : '—'),
    },
  ]
  return (
    <section className="league-schedule" aria-labelledby="league-schedule-title">
      <div className="page-heading">
        <h2 id="league-schedule-title">{t('admin.common.schedule')}</h2>
        <label className="field-inline">
          <span>{t('admin.common.league')}</span>
          <select value={leagueId} onChange={(e) => navigate(`/leagues/${e.target.value}`)}>
            <NameOptions items={leagues} />
          </select>
        </label>
      </div>
      <div className="list-controls">
        <SeasonSelect seasons={seasons} value={season ?? 'active'} onChange={list.setSeason} disabled={!seasons?.length} />
        <ListSearch
          label={t('admin.common.searchTeams')}
          placeholder={t('admin.common.teamNamePlaceholder')}
          value={list.search}
          onChange={list.setSearch}
        />
      </div>
      <DataTable
        caption={t('admin.leagues.scheduleCaption')}
        columns={columns}
        rows={games.data?.games}
        isLoading={season === undefined ? seasons === undefined : games.isPending}
        loadingText={t('admin.common.loadingGames')}
        error={games.isError ? t('admin.common.gamesLoadError') : null}
        onRetry={() => games.refetch()}
        emptyText={list.q ? t('admin.common.noGamesMatching', { q: list.q }) : t('admin.common.noGames')}
      />
      <ListPager list={list} query={games} noun="games" label={t('admin.leagues.schedulePages')} />
    </section>
  )
}
