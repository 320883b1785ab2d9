import { lazy, Suspense, useContext, useEffect } from 'react'
import { Link, useParams } from 'react-router'
import type { PagePrefetch } from '../../app/lazy-screen'
import { SiteContext } from '../../app/site-context'
import { PlayerPhoto } from '../../components/player-photo'
import { PlayerStatsSummary } from '../../components/player-stats/player-stats-summary'
import { SeasonBreakdown } from '../../components/player-stats/season-breakdown'
import { ErrorState, Loading } from '../../components/status'
import { isNotFound } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import { playerBasicQuery, playerSeasonStatsQuery, type TeamPlace, usePlayerBasic, usePlayerSeasonStats, validId } from './api'
import '../../components/player-stats/player-stats.css'

// Career, highs and splits (docs/records.md) load with the season data, after the page's own chunk.
const CareerSplits = lazy(async () => ({ default: (await import('./career-splits')).CareerSplits }))

/** One line per team and season (a team may sit in two leagues of one season). */
function teamsBySeason(places: TeamPlace[]): TeamPlace[] {
  const seen = new Set<string>()
  return places.filter((place) => {
    const key = `${place.team.id}:${place.season.id}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Every season's boxes and game log, and the Season Breakdown, as soon as this chunk arrives. */
export const prefetch: PagePrefetch = (client, { tenant, params }) => {
  const id = Number(params.playerId)
  if (!validId(id)) return
  void client.prefetchQuery(playerBasicQuery(id, tenant, 'all'))
  void client.prefetchQuery(playerSeasonStatsQuery(id, tenant))
}

/**
 * docs/reference/league-admin.md Player stats page, /{slug}/player/{id}/stats for visitors and /player/{id}/stats signed
 * in: the header, the boxes and game log over every season, and the Season Breakdown whose rows
 * expand to their games. Signed in there is no site around the page: links stay unprefixed.
 */
export function PlayerStatsPage() {
  const t = useT()
  const site = useContext(SiteContext)
  const tenant = site?.tenant ?? null
  const path = (to: string) => (tenant ? sitePath(tenant, to) : `/${to}`)
  const playerId = Number(useParams().playerId)
  const basic = usePlayerBasic(playerId, tenant, 'all')
  const seasons = usePlayerSeasonStats(playerId, tenant)

  const player = basic.data?.player
  const name = player ? `${player.firstName} ${player.lastName}`.trim() : t('player.fallbackName')
  const title = site
    ? t('playerStats.documentTitleSite', { player: name, organization: site.organization.name })
    : t('playerStats.documentTitle', { player: name })
  useEffect(() => {
    document.title = title
  }, [title])

  const Wrapper = site ? 'main' : 'section'
  const wrapperProps = site ? { className: 'page player-stats-page', id: 'main' } : { className: 'admin-page player-stats-page' }

  if (!Number.isInteger(playerId) || playerId <= 0 || isNotFound(basic.error)) {
    return (
      <Wrapper {...wrapperProps}>
        <h1 className="page-title">{t('player.notFound')}</h1>
        <Link to={path(site ? 'playerList' : 'playerListAuth')}>{t('player.backToPlayers')}</Link>
      </Wrapper>
    )
  }
  if (basic.isPending) {
    return (
      <Wrapper {...wrapperProps}>
        <Loading text={t('playerStats.loading')} />
      </Wrapper>
    )
  }
  if (basic.isError) {
    return (
      <Wrapper {...wrapperProps}>
        <ErrorState message={t('player.loadError')} onRetry={() => basic.refetch()} />
      </Wrapper>
    )
  }

  const data = basic.data
  const gameHref = (gameId: number) => path(`games/${gameId}`)
  const teams = teamsBySeason(data.teamHistory)

  return (
    <Wrapper {...wrapperProps}>
      <header className="stats-header">
        <PlayerPhoto src={data.player.image} name={name} size={120} className="stats-photo" priority />
        <div>
          <h1 className="stats-name">{name}</h1>
          {teams.length > 0 ? (
            <ul className="stats-teams" aria-label={t('player.teams')}>
              {teams.map((place) => (
                <li key={`${place.team.id}:${place.season.id}`}>
                  {site ? <Link to={path(`teams/${place.team.id}`)}>{place.team.name}</Link> : place.team.name}{' '}
                  <span className="stats-season">{t('player.seasonOfTeam', { season: place.season.name })}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="stats-teams">{t('playerStats.noTeam')}</p>
          )}
        </div>
      </header>

      <nav aria-label={t('player.tabs')}>
        <ul className="stats-tabs">
          <li>
            <Link to={path(`players/${data.player.id}`)}>{t('player.profile')}</Link>
          </li>
          <li>
            <Link to={path(`player/${data.player.id}/stats`)} aria-current="page">
              {t('player.stats')}
            </Link>
          </li>
          <li>
            <Link to={`${path(`players/${data.player.id}`)}#bio`}>{t('player.bio')}</Link>
          </li>
          <li>
            <Link to={`${path(`players/${data.player.id}`)}#videos`}>{t('player.videos')}</Link>
          </li>
        </ul>
      </nav>

      <PlayerStatsSummary summary={data.summary} allStats={data.allStats} gameStats={data.gameStats} gameHref={gameHref} />

      {seasons.data && (
        <Suspense fallback={<Loading text={t('playerStats.loadingCareer')} />}>
          <CareerSplits data={seasons.data} stats={seasons.data.allStats} gameHref={gameHref} />
        </Suspense>
      )}

      <section className="player-stats-section" aria-labelledby="season-breakdown">
        <h2 id="season-breakdown" className="section-title">
          {t('stats.seasonBreakdown')}
        </h2>
        {seasons.isPending ? (
          <Loading text={t('playerStats.loadingSeasons')} />
        ) : seasons.isError ? (
          <ErrorState message={t('playerStats.seasonsLoadError')} onRetry={() => seasons.refetch()} />
        ) : (
          <SeasonBreakdown seasons={seasons.data.seasons} stats={seasons.data.allStats} gameHref={gameHref} />
        )}
      </section>
    </Wrapper>
  )
}
