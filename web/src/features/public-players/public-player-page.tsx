import { useEffect } from 'react'
import { Link, useParams } from 'react-router'
import type { PagePrefetch } from '../../app/lazy-screen'
import { useSite } from '../../app/site-context'
import { PlayerPhoto } from '../../components/player-photo'
import { PlayerStatsSummary } from '../../components/player-stats/player-stats-summary'
import { ErrorState, Loading } from '../../components/status'
import { isNotFound } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import {
  type AttributeValue,
  fullName,
  publicPlayerQuery,
  publicPlayerStatsQuery,
  usePublicPlayer,
  usePublicPlayerStats,
  validPlayerId,
} from './api'
import './public-players.css'

/** The profile and its season's stats, asked for together as soon as this chunk arrives. */
export const prefetch: PagePrefetch = (client, { tenant, params }) => {
  const id = Number(params.playerId)
  if (!validPlayerId(id)) return
  void client.prefetchQuery(publicPlayerQuery(tenant, id))
  void client.prefetchQuery(publicPlayerStatsQuery(tenant, id))
}

/**
 * docs/reference/league-admin.md Public player profile: the header shows these attributes (when visible and set): the
 * attribute's English name as stored, and the catalog key of its label.
 */
const HEADER_ATTRIBUTES = [
  ['Number', 'player.number'],
  ['Position', 'player.position'],
] as const

const attributeText = (values: AttributeValue[], name: string) =>
  values.find((v) => v.attribute.attribute_name.toLowerCase() === name.toLowerCase() && v.attribute.is_visible)?.value ?? null

/**
 * docs/reference/league-admin.md Public player profile: photo or default image, name, teams with season labels, Number
 * and Position, the Profile / Stats / Bio / Videos links, the PPG / FT% / 3PM boxes and this
 * season's game log.
 */
export function PublicPlayerPage() {
  const t = useT()
  const { tenant, organization } = useSite()
  const playerId = Number(useParams().playerId)
  const player = usePublicPlayer(tenant, playerId)
  const stats = usePublicPlayerStats(tenant, playerId)
  const name = player.data ? fullName(player.data) : t('player.fallbackName')
  const title = t('player.documentTitle', { player: name, organization: organization.name })

  useEffect(() => {
    document.title = title
  }, [title])

  if (!Number.isInteger(playerId) || playerId <= 0 || isNotFound(player.error)) {
    return (
      <main className="page" id="main">
        <h1 className="page-title">{t('player.notFound')}</h1>
        <Link to={sitePath(tenant, 'playerList')}>{t('player.backToPlayers')}</Link>
      </main>
    )
  }
  // The profile and its stats (requested together) appear together: the game log arriving after the
  // header would push the sections below it down the screen.
  if (player.isPending || (player.isSuccess && stats.isPending)) {
    return (
      <main className="page" id="main">
        <Loading text={t('player.loading')} />
      </main>
    )
  }
  if (player.isError) {
    return (
      <main className="page" id="main">
        <ErrorState message={t('player.loadError')} onRetry={() => player.refetch()} />
      </main>
    )
  }

  const data = player.data
  // One line per team and season (a team may appear in two leagues of one season only once).
  const seen = new Set<string>()
  const teams = data.teamHistory.filter((place) => {
    const key = `${place.team.id}:${place.season.id}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  const facts = HEADER_ATTRIBUTES.map(([attribute, label]) => ({
    label: t(label),
    value: attributeText(data.attributeValues, attribute),
  }))

  return (
    <main className="page" id="main">
      <header className="profile-header">
        <PlayerPhoto src={data.image} name={name} size={144} className="profile-photo" priority />
        <div>
          <h1 className="profile-name">{name}</h1>
          {teams.length > 0 ? (
            <ul className="profile-teams" aria-label={t('player.teams')}>
              {teams.map((place) => (
                <li key={`${place.team.id}:${place.season.id}`}>
                  <Link to={sitePath(tenant, `teams/${place.team.id}`)}>{place.team.name}</Link>{' '}
                  <span className="profile-season">{t('player.seasonOfTeam', { season: place.season.name })}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <dl className="profile-facts">
            {facts.map((fact) => (
              <div key={fact.label}>
                <dt>{fact.label}</dt>
                <dd>{fact.value || '—'}</dd>
              </div>
            ))}
          </dl>
        </div>
      </header>

      <nav aria-label={t('player.tabs')}>
        <ul className="profile-tabs">
          <li>
            <Link to={sitePath(tenant, `players/${data.id}`)} aria-current="page">
              {t('player.profile')}
            </Link>
          </li>
          <li>
            <Link to={sitePath(tenant, `player/${data.id}/stats`)}>{t('player.stats')}</Link>
          </li>
          <li>
            <a href="#bio">{t('player.bio')}</a>
          </li>
          <li>
            <a href="#videos">{t('player.videos')}</a>
          </li>
        </ul>
      </nav>

      <section className="profile-section" aria-labelledby="profile-stats">
        <h2 id="profile-stats">{t('player.thisSeason')}</h2>
        {stats.data ? (
          <PlayerStatsSummary
            {...stats.data}
            title={t('player.gameLog')}
            gameHref={(gameId) => sitePath(tenant, `games/${gameId}`)}
          />
        ) : stats.isError ? (
          <ErrorState message={t('player.statsLoadError')} onRetry={() => stats.refetch()} />
        ) : (
          <p className="muted">{t('player.noStats')}</p>
        )}
      </section>
      <section className="profile-section" id="bio" aria-labelledby="profile-bio">
        <h2 id="profile-bio">{t('player.bio')}</h2>
        <p className="muted">{t('player.noBio')}</p>
      </section>
      <section className="profile-section" id="videos" aria-labelledby="profile-videos">
        <h2 id="profile-videos">{t('player.videos')}</h2>
        <p className="muted">{t('player.noVideos')}</p>
      </section>
    </main>
  )
}
