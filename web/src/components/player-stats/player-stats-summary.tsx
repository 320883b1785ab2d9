import { useT } from '../../lib/i18n'
import { GameLogTable } from './game-log-table'
import { StatBoxes } from './stat-boxes'
import type { GameLogEntry, StatDefinition, StatsSummary } from './types'
import './player-stats.css'

export interface PlayerStatsSummaryProps {
  summary: StatsSummary
  allStats: StatDefinition[]
  gameStats: GameLogEntry[]
  /** Where a game of the log opens: `sitePath(tenant, 'games/{id}')` in public, `/games/{id}` signed in. */
  gameHref: (gameId: number) => string
  /** The log's heading; the profile may say "This Season". */
  title?: string
}

/**
 * The PPG / FT% / 3PM (eFG%, TS%) boxes and the game log, for the stats page and the public player
 * profile. Pair it with `usePlayerBasic(id, tenant, 'active')` from ../api:
 *
 *   const stats = usePlayerBasic(playerId, tenant)
 *   {stats.data ? <PlayerStatsSummary {...stats.data} gameHref={(id) => sitePath(tenant, `games/${id}`)} /> : null}
 */
export function PlayerStatsSummary({ summary, allStats, gameStats, gameHref, title: given }: PlayerStatsSummaryProps) {
  const t = useT()
  const title = given ?? t('stats.gameLog')
  return (
    <div className="player-stats-summary">
      <StatBoxes summary={summary} />
      <section className="player-stats-section" aria-labelledby="player-game-log">
        <h2 id="player-game-log" className="section-title">
          {title}
        </h2>
        <GameLogTable games={gameStats} stats={allStats} gameHref={gameHref} caption={title} />
      </section>
    </div>
  )
}
