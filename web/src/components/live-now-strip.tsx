import { Link } from 'react-router'
import { useT } from '../lib/i18n'
import { useLiveNow } from '../lib/live-api'
import { sitePath, type Tenant } from '../lib/tenant'

/** "Live now": the organization's games being scored at this moment (docs/live-scoring.md); nothing when none. */
export function LiveNowStrip({ tenant }: { tenant: Tenant }) {
  const t = useT()
  const live = useLiveNow(tenant)
  const games = live.data?.games ?? []
  if (games.length === 0) return null
  return (
    // Styled inline: no stylesheet of its own to fetch (kept out of the pages' first-load budget).
    <aside aria-label={t('live.nowLabel')} style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', margin: '0 0 1rem' }}>
      <strong style={{ color: '#b91c1c' }}>{t('live.now')}</strong>
      <ul style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', listStyle: 'none', margin: 0, padding: 0 }}>
        {games.map((g) => (
          <li key={g.id}>
            <Link to={sitePath(tenant, `games/${g.id}`)}>{t('game.matchup', { home: g.homeTeam, away: g.awayTeam })}</Link>
          </li>
        ))}
      </ul>
    </aside>
  )
}

export default LiveNowStrip
