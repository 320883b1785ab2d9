import { lazy, Suspense, useEffect, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { LEAGUE_TIME_ZONE } from '../../../../worker/domain/time'
import type { PagePrefetch } from '../../app/lazy-screen'
import { useSite } from '../../app/site-context'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { calendarFeedUrl } from '../../lib/calendar'
import { useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import {
  prefetchPublicSchedule,
  usePublicByes,
  usePublicGames,
  usePublicLeagues,
  usePublicSeasonOptions,
  usePublicWeekOffs,
} from './api'
import { ScheduleFilters } from './components/schedule-filters'
import { ScheduleTable } from './components/schedule-table'
import { filterScheduleRows, type GameState, type ScheduleFilter, scheduleFilterOptions, scheduleRows } from './schedule-rows'
import './schedule.css'

const STATES: readonly GameState[] = ['all', 'scheduled', 'completed']

// Loaded only when a season is published ahead: most visitors never need it (first-load budget).
const SeasonSwitch = lazy(() => import('../../components/season-switch').then((m) => ({ default: m.SeasonSwitch })))
// Fetched after the page shows, as on the home page (docs/live-scoring.md "Live now").
const LiveNowStrip = lazy(() => import('../../components/live-now-strip'))

/** The filters live in the address (?date=&league=&team=&state=), so a filtered view can be shared. */
export const prefetch: PagePrefetch = (client, { tenant }) => prefetchPublicSchedule(client, tenant)

function useScheduleFilter(): [ScheduleFilter, (filter: ScheduleFilter) => void] {
  const [params, setParams] = useSearchParams()
  const state = params.get('state') as GameState | null
  const filter: ScheduleFilter = {
    date: params.get('date') ?? '',
    leagueId: params.get('league') ?? '',
    teamId: params.get('team') ?? '',
    state: state && STATES.includes(state) ? state : 'all',
  }
  const update = (next: ScheduleFilter) => {
    const entries = Object.entries({
      season: params.get('season') ?? '',
      date: next.date,
      league: next.leagueId,
      team: next.teamId,
      state: next.state,
    })
    setParams(Object.fromEntries(entries.filter(([key, value]) => value && !(key === 'state' && value === 'all'))), {
      replace: true,
    })
  }
  return [filter, update]
}

/**
 * docs/reference/league-admin.md Schedule screen (public view) and docs/reference/public-site.md §2.9: the active season's games, byes and
 * week-offs in one table, with date, league, team and game-state filters.
 */
export function PublicSchedulePage() {
  const t = useT()
  const { tenant, organization } = useSite()
  const zone = organization.timeZone
  // ?season= shows a season published ahead ("upcoming"); without it, the active season.
  const [params, setParams] = useSearchParams()
  const season = Number(params.get('season')) || null
  const seasons = usePublicSeasonOptions(tenant)
  const games = usePublicGames(tenant, season)
  const byes = usePublicByes(tenant, season)
  const weekOffs = usePublicWeekOffs(tenant, season)
  const leagues = usePublicLeagues(tenant, season)
  const [filter, setFilter] = useScheduleFilter()
  const chooseSeason = (next: number | null) => setParams(next ? { season: String(next) } : {}, { replace: true })

  const title = t('schedule.documentTitle', { organization: organization.name })
  useEffect(() => {
    document.title = title
  }, [title])

  const rows = useMemo(
    () => scheduleRows(games.data ?? [], byes.data ?? [], weekOffs.data ?? []),
    [games.data, byes.data, weekOffs.data],
  )
  // Not memoized: the date labels follow the page's language.
  const options = scheduleFilterOptions(rows, leagues.data ?? [], filter.leagueId, zone)
  const shown = useMemo(() => filterScheduleRows(rows, filter), [rows, filter])

  const queries = [games, byes, weekOffs]
  let body: React.ReactNode
  if (queries.some((q) => q.isPending)) body = <Loading text={t('schedule.loading')} />
  else if (queries.some((q) => q.isError)) {
    body = (
      <ErrorState
        message={t('schedule.loadError')}
        onRetry={() => {
          for (const q of queries) if (q.isError) void q.refetch()
        }}
      />
    )
  } else if (shown.length === 0) body = <EmptyState>{t('schedule.empty')}</EmptyState>
  else body = <ScheduleTable rows={shown} gameHref={(id) => sitePath(tenant, `games/${id}`)} />

  return (
    <main className="page" id="main">
      <h1 className="page-title">{t('schedule.title')}</h1>
      <Suspense fallback={null}>
        <LiveNowStrip tenant={tenant} />
      </Suspense>
      {seasons.data?.some((s) => s.published && !s.active) ? (
        <Suspense fallback={null}>
          <SeasonSwitch seasons={seasons.data} value={season} onChange={chooseSeason} />
        </Suspense>
      ) : null}
      <ScheduleFilters
        filter={filter}
        dates={options.dates}
        leagues={options.leagues}
        teams={options.teams}
        onChange={setFilter}
      />
      <p className="muted schedule-zone">
        {zone === LEAGUE_TIME_ZONE
          ? t('schedule.zone.losAngeles')
          : t('schedule.zone.other', { city: (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ') })}{' '}
        {filter.teamId || filter.leagueId ? (
          <a href={calendarFeedUrl(tenant, filter.teamId ? 'teams' : 'leagues', filter.teamId || filter.leagueId)}>
            {t('schedule.addToCalendar')}
          </a>
        ) : (
          t('schedule.chooseForCalendar')
        )}
      </p>
      {body}
    </main>
  )
}
