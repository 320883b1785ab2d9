import { Link } from 'react-router'
import { displayStatus } from '../../../../../worker/domain/games'
import { formatGameWhen } from '../../../../../worker/domain/time'
import { StatusBadge } from '../../../components/status-badge'
import type { Game } from '../api'

/**
 * docs/reference/league-admin.md game pages: the final score header. FINAL shows only for a completed game (docs/reference/public-site.md §4
 * display status); any other game shows its status with the date and time (Los Angeles time).
 */
export function GameScoreHeader({ game, teamHref }: { game: Game; teamHref?: (teamId: number) => string }) {
  // On the public page each team's name leads to its team page (docs/published-seasons.md).
  const name = (team: Game['homeTeam']) => (teamHref ? <Link to={teamHref(team.id)}>{team.name}</Link> : team.name)
  const status = displayStatus(game)
  const completed = status === 'Completed'
  const when = formatGameWhen(game)
  return (
    <header className="game-header">
      <div className="game-header-team">
        <span className="game-header-side">Home</span>
        <span className="game-header-name">{name(game.homeTeam)}</span>
        {completed ? <span className="game-header-score">{game.score_home}</span> : null}
      </div>
      <div className="game-header-status">
        {completed ? <span className="game-final">FINAL</span> : <StatusBadge status={status} />}
        <span className="game-header-when">{when}</span>
        {game.location ? <span className="game-header-where">{game.location}</span> : null}
      </div>
      <div className="game-header-team">
        <span className="game-header-side">Away</span>
        <span className="game-header-name">{name(game.awayTeam)}</span>
        {completed ? <span className="game-header-score">{game.score_away}</span> : null}
      </div>
    </header>
  )
}
