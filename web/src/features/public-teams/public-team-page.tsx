import { lazy, Suspense, useEffect, useMemo } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { useSite } from '../../app/site-context'
import { PlayerPhoto } from '../../components/player-photo'
import { type SeasonChoice, SeasonSwitch } from '../../components/season-switch'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { TableScroll } from '../../components/table-scroll'
import { isNotFound } from '../../lib/api-client'
import { calendarFeedUrl } from '../../lib/calendar'
import { gameDay } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import { type PublicTeam, type TeamGame, usePublicTeam } from './api'
import './public-team.css'

// The team's history (docs/records.md) loads after the page: it is below the fold.
const TeamHistory = lazy(async () => ({ default: (await import('./team-history')).TeamHistory }))

const sortKey = (game: TeamGame) => `${game.date ?? '9999-99-99'} ${game.time ?? '99:99'}`

/** docs/reference/league-admin.md §4: a game is completed when either score is above 0. */
const isCompleted = (game: TeamGame) => (game.score_team1 ?? 0) > 0 || (game.score_team2 ?? 0) > 0

/** The team's seasons a visitor may switch between: the active one and those published ahead. */
function seasonOptions(team: PublicTeam) {
  const seen = new Map<number, SeasonChoice>()
  for (const place of team.places ?? []) {
    const s = place.season
    if ((s.active || s.published) && !seen.has(s.id)) seen.set(s.id, s)
  }
  const list = [...seen.values()]
  // The choice shows only with an active season to go back to.
  return list.some((s) => s.active) ? list.sort((a, b) => Number(b.active) - Number(a.active)) : []
}

/** docs/reference/league-admin.md Public team page: name banner, logo, SCHEDULE (Date, Matchup, Results), ROSTER. */
export function PublicTeamPage() {
  const t = useT()
  const { tenant, organization } = useSite()
  const teamId = Number(useParams().teamId)
  // ?season= shows the team in a season published ahead (docs/published-seasons.md).
  const [params, setParams] = useSearchParams()
  const season = Number(params.get('season')) || null
  const team = usePublicTeam(tenant, teamId, season)

  const title = t('team.documentTitle', { team: team.data?.name ?? t('team.fallbackName'), organization: organization.name })
  useEffect(() => {
    document.title = title
  }, [title])

  const games = useMemo(
    () => [...(team.data?.games ?? [])].sort((a, b) => sortKey(a).localeCompare(sortKey(b)) || a.id - b.id),
    [team.data?.games],
  )

  if (!Number.isInteger(teamId) || teamId <= 0 || isNotFound(team.error)) {
    return (
      <main className="page" id="main">
        <h1 className="page-title">{t('team.notFound')}</h1>
        <Link to={sitePath(tenant, 'teamList')}>{t('team.backToStandings')}</Link>
      </main>
    )
  }
  if (team.isPending) {
    return (
      <main className="page" id="main">
        <Loading text={t('team.loading')} />
      </main>
    )
  }
  if (team.isError) {
    return (
      <main className="page" id="main">
        <ErrorState message={t('team.loadError')} onRetry={() => team.refetch()} />
      </main>
    )
  }

  const data = team.data
  const subtitle = [data.league?.name, data.season?.name, data.division?.name].filter(Boolean).join(' · ')
  return (
    <main className="page team-page" id="main">
      <header className="team-banner">
        {data.logo ? (
          <img src={data.logo} alt={t('team.logo', { team: data.name })} className="team-logo" width={96} height={96} />
        ) : null}
        <div>
          <h1 className="team-name">{data.name}</h1>
          {subtitle ? <p className="team-subtitle">{subtitle}</p> : null}
          <p className="team-subtitle">
            <a href={calendarFeedUrl(tenant, 'teams', data.id)}>{t('schedule.addToCalendar')}</a>
          </p>
          <SeasonSwitch
            seasons={seasonOptions(data)}
            value={season}
            onChange={(next) => setParams(next ? { season: String(next) } : {}, { replace: true })}
          />
        </div>
      </header>

      <div className="team-columns">
        <section aria-labelledby="team-schedule" className="team-schedule">
          <h2 id="team-schedule" className="team-section-title">
            {t('team.schedule')}
          </h2>
          {games.length === 0 ? (
            <EmptyState>{t('games.none')}</EmptyState>
          ) : (
            <TableScroll label={t('team.scheduleOf', { team: data.name })}>
              <table className="data-table">
                <caption className="visually-hidden">{t('team.scheduleOf', { team: data.name })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('schedule.date')}</th>
                    <th scope="col">{t('schedule.matchup')}</th>
                    <th scope="col">{t('schedule.results')}</th>
                  </tr>
                </thead>
                <tbody>
                  {games.map((game) => (
                    <tr key={game.id}>
                      <td className="team-date">{gameDay(game, organization.timeZone)}</td>
                      <td>
                        <Link to={sitePath(tenant, `games/${game.id}`)}>
                          {t('game.matchup', { home: game.homeTeam.name, away: game.awayTeam.name })}
                        </Link>
                      </td>
                      <td className="team-result">
                        {isCompleted(game) ? `${game.score_team1 ?? 0} - ${game.score_team2 ?? 0}` : '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </section>

        <section aria-labelledby="team-roster" className="team-roster">
          <h2 id="team-roster" className="team-section-title">
            {t('team.roster')}
          </h2>
          {data.players.length === 0 ? (
            <EmptyState>{t('team.noPlayers')}</EmptyState>
          ) : (
            <ul className="roster-list">
              {data.players.map((player) => {
                const name = `${player.firstName} ${player.lastName}`
                return (
                  <li key={player.id}>
                    <Link to={sitePath(tenant, `players/${player.id}`)} className="roster-link">
                      <PlayerPhoto src={player.image} name="" size={40} className="roster-photo" />
                      <span>{name}</span>
                      {player.id === data.captain_id ? <span className="roster-captain">{t('standings.captain')}</span> : null}
                    </Link>
                  </li>
                )
              })}
            </ul>
          )}
        </section>
      </div>
      <Suspense fallback={null}>
        <TeamHistory tenant={tenant} teamId={data.id} />
      </Suspense>
    </main>
  )
}
