import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { deriveGame, periodName } from '../../../../worker/domain/live-scoring'
import type { PagePrefetch } from '../../app/lazy-screen'
import { ErrorState, Loading } from '../../components/status'
import { isNotFound } from '../../lib/api-client'
import { sitePath } from '../../lib/tenant'
import { liveLines } from '../live/live-lines'
import { useLiveGame } from '../live/use-live-game'
import { useSite } from '../site/site-context'
import '../live/live.css'
import { type Game, gameDetailQuery, gameKeys, useGameDetail } from './api'
import { savedLines, scorePeriods } from './box-score'
import { BoxScoreTable } from './components/box-score-table'
import { GameScoreHeader } from './components/game-score-header'
import { PeriodScoresTable } from './components/period-scores-table'
import './games.css'

/** Spec 02 §8: the alert when the embedded video cannot load. */
export const VIDEO_ERROR = 'There was an error loading the video. Please try again later.'

/** Only https addresses are embedded (the server accepts nothing else either). */
const embeddable = (url: string | null): url is string => Boolean(url && /^https:\/\/\S+$/i.test(url))

function GameVideo({ game }: { game: Game }) {
  const [failed, setFailed] = useState(false)
  if (!embeddable(game.video_url)) return null
  return (
    <section className="game-section" aria-labelledby="game-video-title">
      <h2 id="game-video-title" className="section-title">
        Video
      </h2>
      {failed ? (
        <p className="flash flash-error" role="alert">
          {VIDEO_ERROR}
        </p>
      ) : (
        <div className="game-video">
          <iframe
            src={game.video_url}
            title={`Video: ${game.homeTeam.name} vs ${game.awayTeam.name}`}
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

/** The game, asked for as soon as this chunk arrives. */
export const prefetch: PagePrefetch = (client, { tenant, params }) => {
  const id = Number(params.gameId)
  if (Number.isInteger(id) && id > 0) void client.prefetchQuery(gameDetailQuery(id, tenant))
}

/**
 * Spec 02 Public game page: the final score header, the score by period, the video, and the home
 * and away box scores (read-only, same derived-stat rules as the editor). Another organization's
 * game answers 404 from the server, which reads as Game not found.
 */
export function PublicGamePage() {
  const { tenant, organization } = useSite()
  const gameId = Number(useParams().gameId)
  const detail = useGameDetail(gameId, tenant)
  const queryClient = useQueryClient()
  // A live game's events (docs/live-scoring.md): the score, period and box score follow them without a
  // reload; a save at the desk (or the final whistle) makes the page read the game again.
  const live = useLiveGame(
    gameId,
    tenant,
    () => void queryClient.invalidateQueries({ queryKey: gameKeys.detail(tenant, gameId) }),
  )
  const derived = useMemo(
    () =>
      detail.data && live.events.length > 0
        ? deriveGame(live.events, { home: detail.data.game.team1_id, away: detail.data.game.team2_id })
        : null,
    [detail.data, live.events],
  )
  const lines = useMemo(
    () => (detail.data ? (derived ? liveLines(derived, detail.data.allStats) : savedLines(detail.data)) : new Map()),
    [detail.data, derived],
  )

  const game = detail.data?.game
  useEffect(() => {
    document.title = game
      ? `${game.homeTeam.name} vs ${game.awayTeam.name} · ${organization.name}`
      : `Game · ${organization.name}`
  }, [game, organization.name])

  let body: React.ReactNode
  if (!Number.isInteger(gameId) || gameId <= 0 || isNotFound(detail.error)) {
    body = (
      <>
        <h1 className="page-title">Game not found</h1>
        <Link to={sitePath(tenant, 'schedule')}>Back to the schedule</Link>
      </>
    )
  } else if (detail.isPending) {
    body = <Loading text="Loading game..." />
  } else if (detail.isError) {
    body = <ErrorState message="The game could not be loaded." onRetry={() => detail.refetch()} />
  } else {
    const data = detail.data
    const playerHref = (playerId: number) => sitePath(tenant, `players/${playerId}`)
    body = (
      <>
        <h1 className="page-title">
          {data.game.homeTeam.name} vs {data.game.awayTeam.name}
        </h1>
        {derived ? (
          <section className="game-section live-panel" aria-label="Live score" aria-live="polite">
            <p>
              <span className="live-badge" data-testid="live-status">
                {derived.final ? 'FINAL' : 'LIVE'}
              </span>{' '}
              <span data-testid="live-period">{derived.final ? 'Final' : periodName(data.gamePeriods, derived.period)}</span>
            </p>
            <div className="live-panel-score">
              <span>{data.game.homeTeam.name}</span>
              <span data-testid="live-score">
                {derived.score.home}–{derived.score.away}
              </span>
              <span>{data.game.awayTeam.name}</span>
            </div>
          </section>
        ) : (
          <GameScoreHeader game={data.game} />
        )}
        <section className="game-section" aria-labelledby="period-scores-title">
          <h2 id="period-scores-title" className="section-title">
            Score by period
          </h2>
          <PeriodScoresTable game={data.game} periods={scorePeriods(data.gamePeriods)} periodScores={data.periodScores} />
        </section>
        <GameVideo game={data.game} />
        {data.allStats.length > 0 ? (
          <div className="box-scores">
            <BoxScoreTable
              side="Home"
              teamName={data.game.homeTeam.name}
              players={data.homeRoster}
              stats={data.allStats}
              lines={lines}
              playerHref={playerHref}
            />
            <BoxScoreTable
              side="Away"
              teamName={data.game.awayTeam.name}
              players={data.awayRoster}
              stats={data.allStats}
              lines={lines}
              playerHref={playerHref}
            />
          </div>
        ) : null}
      </>
    )
  }

  return (
    <main className="page game-page" id="main">
      {body}
    </main>
  )
}
