import { Link } from 'react-router'
import { useLiveNow } from '../lib/live-api'
import { sitePath, type Tenant } from '../lib/tenant'

/** "Live now": the organization's games being scored at this moment (docs/live-scoring.md); nothing when none. */
export function LiveNowStrip({ tenant }: { tenant: Tenant }) {
  const live = useLiveNow(tenant)
  const games = live.data?.games ?? []
  if (games.length === 0) return null
  return (
    // Styled inline: no stylesheet of its own to fetch (kept out of the pages' first-load budget).
    <aside aria-label="Live now" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', margin: '0 0 1rem' }}>
      <strong style={{ color: '#b91c1c' }}>LIVE NOW</strong>
      <ul style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', listStyle: 'none', margin: 0, padding: 0 }}>
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
