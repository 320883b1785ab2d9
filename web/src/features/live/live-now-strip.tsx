import { Link } from 'react-router'
import { sitePath, type Tenant } from '../../lib/tenant'
import { useLiveNow } from './live-api'
import './live.css'

/** "Live now": the organization's games being scored at this moment (docs/live-scoring.md); nothing when none. */
export function LiveNowStrip({ tenant }: { tenant: Tenant }) {
  const live = useLiveNow(tenant)
  const games = live.data?.games ?? []
  if (games.length === 0) return null
  return (
    <aside className="live-now" aria-label="Live now">
      <span className="live-badge">LIVE NOW</span>
      <ul>
        {games.map((g) => (
          <li key={g.id}>
            <Link to={sitePath(tenant, `games/${g.id}`)}>
              {g.homeTeam} vs {g.awayTeam}
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  )
}

export default LiveNowStrip
