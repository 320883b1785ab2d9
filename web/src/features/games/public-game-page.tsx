import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import type { StatLine } from '../../../../worker/domain/derived-stats'
import type { PagePrefetch } from '../../app/lazy-screen'
import { useSite } from '../../app/site-context'
import { ErrorState, Loading } from '../../components/status'
import { isNotFound } from '../../lib/api-client'
import { t as translate, useT } from '../../lib/i18n'
import { sitePath, type Tenant } from '../../lib/tenant'
import { type Game, type GameDetail, gameDetailQuery, useGameDetail } from './api'
import { savedLines, scorePeriods } from './box-score'
import { BoxScoreTable } from './components/box-score-table'
import { GameScoreHeader } from './components/game-score-header'
import { PeriodScoresTable } from './components/period-scores-table'
import './games.css'

/** docs/reference/league-admin.md §8: the alert when the embedded video cannot load (in the page's language). */
export const videoError = () => translate('game.videoError')

/** Only https addresses are embedded (the server accepts nothing else either). */
const embeddable = (url: string | null): url is string => Boolean(url && /^https:\/\/\S+$/i.test(url))

function GameVideo({ game }: { game: Game }) {
  const t = useT()
  const [failed, setFailed] = useState(false)
  if (!embeddable(game.video_url)) return null
  return (
    <section className="game-section" aria-labelledby="game-video-title">
      <h2 id="game-video-title" className="section-title">
        {t('game.video')}
      </h2>
      {failed ? (
        <p className="flash flash-error" role="alert">
          {t('game.videoError')}
        </p>
      ) : (
        <div className="game-video">
          <iframe
            src={game.video_url}
            title={t('game.videoTitle', { home: game.homeTeam.name, away: game.awayTeam.name })}
            loading="lazy"
            allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            onError={() => setFailed(true)}
          />
        </div>
      )}
    </section>
  )
}

// A live game (docs/live-scoring.md): its socket, derivation and panel arrive once the page runs.
const LiveGame = lazy(() => import('./live/live-game'))

/** The game, asked for as soon as this chunk arrives. */
export const prefetch: PagePrefetch = (client, { tenant, params }) => {
  const id = Number(params.gameId)
  if (Number.isInteger(id) && id > 0) void client.prefetchQuery(gameDetailQuery(id, tenant))
}

/**
 * docs/reference/league-admin.md Public game page: the final score header, the score by period, the video, and the home
 * and away box scores (read-only, same derived-stat rules as the editor). Another organization's
 * game answers 404 from the server, which reads as Game not found.
 */
export function PublicGamePage() {
  const t = useT()
  const { tenant, organization } = useSite()
  const gameId = Number(useParams().gameId)
  const detail = useGameDetail(gameId, tenant)

  const game = detail.data?.game
  const title = game
    ? t('game.documentTitle', { home: game.homeTeam.name, away: game.awayTeam.name, organization: organization.name })
    : t('game.documentTitleNone', { organization: organization.name })
  useEffect(() => {
    document.title = title
  }, [title])

  let body: React.ReactNode
  if (!Number.isInteger(gameId) || gameId <= 0 || isNotFound(detail.error)) {
    body = (
      <>
        <h1 className="page-title">{t('game.notFound')}</h1>
        <Link to={sitePath(tenant, 'schedule')}>{t('game.backToSchedule')}</Link>
      </>
    )
  } else if (detail.isPending) {
    body = <Loading text={t('game.loading')} />
  } else if (detail.isError) {
    body = <ErrorState message={t('game.loadError')} onRetry={() => detail.refetch()} />
  } else {
    const data = detail.data
    const show = (panel?: ReactNode, lines?: Map<number, StatLine>) => (
      <GameBody data={data} tenant={tenant} panel={panel} lines={lines} />
    )
    body = (
      <Suspense fallback={show()}>
        <LiveGame gameId={gameId} tenant={tenant} data={data} onRefresh={detail.refetch}>
          {show}
        </LiveGame>
      </Suspense>
    )
  }

  return (
    <main className="page game-page" id="main">
      {body}
    </main>
  )
}

/** The game's score, periods, video and box scores; a live game's panel and lines replace the saved ones. */
function GameBody({
  data,
  tenant,
  panel,
  lines,
}: {
  data: GameDetail
  tenant: Tenant
  panel?: ReactNode
  lines?: Map<number, StatLine>
}) {
  const t = useT()
  const shown = lines ?? savedLines(data)
  const playerHref = (playerId: number) => sitePath(tenant, `players/${playerId}`)
  const teamHref = (teamId: number) => sitePath(tenant, `teams/${teamId}`)
  return (
    <>
      <h1 className="page-title">{t('game.matchup', { home: data.game.homeTeam.name, away: data.game.awayTeam.name })}</h1>
      {panel ?? <GameScoreHeader game={data.game} teamHref={teamHref} />}
      <section className="game-section" aria-labelledby="period-scores-title">
        <h2 id="period-scores-title" className="section-title">
          {t('periods.label')}
        </h2>
        <PeriodScoresTable game={data.game} periods={scorePeriods(data.gamePeriods)} periodScores={data.periodScores} />
      </section>
      <GameVideo game={data.game} />
      {data.allStats.length > 0 ? (
        <div className="box-scores">
          <BoxScoreTable
            side="Home"
            teamName={data.game.homeTeam.name}
            teamHref={teamHref(data.game.homeTeam.id)}
            players={data.homeRoster}
            stats={data.allStats}
            lines={shown}
            playerHref={playerHref}
          />
          <BoxScoreTable
            side="Away"
            teamName={data.game.awayTeam.name}
            teamHref={teamHref(data.game.awayTeam.id)}
            players={data.awayRoster}
            stats={data.allStats}
            lines={shown}
            playerHref={playerHref}
          />
        </div>
      ) : null}
    </>
  )
}
