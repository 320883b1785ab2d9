import { useContext } from 'react'
import { Link } from 'react-router'
import { displayStatus, gamePlace } from '../../../../../worker/domain/games'
import { SiteContext } from '../../../app/site-context'
import { StatusBadge } from '../../../components/status-badge'
import { gameDay, gameTime } from '../../../lib/format'
import { useT } from '../../../lib/i18n'
import type { Game } from '../api'

/**
 * docs/reference/league-admin.md game pages: the final score header. FINAL shows only for a completed game (docs/reference/public-site.md §4
 * display status); any other game shows its status with the date and time (Los Angeles time).
 */
export function GameScoreHeader({
  game,
  teamHref,
  zone,
}: {
  game: Game
  teamHref?: (teamId: number) => string
  /** The organization's zone (the public site's, else the caller's). */
  zone?: string
}) {
  const t = useT()
  const site = useContext(SiteContext)
  const timeZone = zone ?? site?.organization.timeZone
  // On the public page each team's name leads to its team page (docs/published-seasons.md).
  const name = (team: Game['homeTeam']) => (teamHref ? <Link to={teamHref(team.id)}>{team.name}</Link> : team.name)
  const status = displayStatus(game)
  const completed = status === 'Completed'
  const when = t('game.when', { day: gameDay(game, timeZone), time: gameTime(game.time) })
  return (
    <header className="game-header">
      <div className="game-header-team">
        <span className="game-header-side">{t('game.home')}</span>
        <span className="game-header-name">{name(game.homeTeam)}</span>
        {completed ? <span className="game-header-score">{game.score_home}</span> : null}
      </div>
      <div className="game-header-status">
        {completed ? <span className="game-final">{t('game.final')}</span> : <StatusBadge status={status} />}
        <span className="game-header-when">{when}</span>
        <GamePlace game={game} />
      </div>
      <div className="game-header-team">
        <span className="game-header-side">{t('game.away')}</span>
        <span className="game-header-name">{name(game.awayTeam)}</span>
        {completed ? <span className="game-header-score">{game.score_away}</span> : null}
      </div>
    </header>
  )
}

/**
 * Where the game is played (docs/venues.md): "venue · court", then the venue's address, a link to
 * its map when it has one; a game without a venue shows its free-text location.
 */
function GamePlace({ game }: { game: Game }) {
  const place = gamePlace(game)
  if (!place) return null
  const address = game.venue?.address
  const mapUrl = game.venue?.mapUrl
  return (
    <span className="game-header-where">
      {place}
      {address ? (
        <>
          <br />
          {mapUrl ? (
            <a href={mapUrl} target="_blank" rel="noopener noreferrer">
              {address}
            </a>
          ) : (
            address
          )}
        </>
      ) : null}
    </span>
  )
}
