import { useEffect } from 'react'
import { Link } from 'react-router'
import { displayStatus } from '../../../../worker/domain/games'
import { useSite } from '../../app/site-context'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { StatusBadge } from '../../components/status-badge'
import { gameTime } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import { usePublicGames } from './api'
import { gameResult, gamesByDate } from './schedule-rows'
import './schedule.css'

/**
 * The small navigation's Games page (docs/reference/public-site.md §2.4; its body is "not shown" in docs/reference/league-admin.md, decision):
 * the active season's games grouped by day, each with its result, opening the game page.
 */
export function PublicGamesPage() {
  const t = useT()
  const { tenant, organization } = useSite()
  const games = usePublicGames(tenant)
  // Not memoized: the day labels follow the page's language, and grouping a season's games is cheap.
  const groups = gamesByDate(games.data ?? [], organization.timeZone)
  const title = t('games.documentTitle', { organization: organization.name })

  useEffect(() => {
    document.title = title
  }, [title])

  let body: React.ReactNode
  if (games.isPending) body = <Loading text={t('games.loading')} />
  else if (games.isError) body = <ErrorState message={t('games.loadError')} onRetry={() => games.refetch()} />
  else if (groups.length === 0) body = <EmptyState>{t('games.none')}</EmptyState>
  else {
    body = groups.map((group) => (
      <section key={group.dateKey ?? 'tbd'} className="games-day" aria-label={group.label}>
        <h2 className="games-day-title">{group.label}</h2>
        <ul className="games-list">
          {group.games.map((game) => {
            const status = displayStatus(game)
            return (
              <li key={game.id}>
                <Link to={sitePath(tenant, `games/${game.id}`)} className="games-item">
                  <span className="games-item-time">{gameTime(game.time)}</span>
                  <span className="games-item-teams">
                    {game.homeTeam.name} <span className="muted">{t('games.vs')}</span> {game.awayTeam.name}
                  </span>
                  <span className="games-item-result">
                    {status === 'Completed' ? gameResult(game) : <StatusBadge status={status} />}
                  </span>
                </Link>
              </li>
            )
          })}
        </ul>
      </section>
    ))
  }

  return (
    <main className="page" id="main">
      <h1 className="page-title">{t('games.title')}</h1>
      {body}
    </main>
  )
}
