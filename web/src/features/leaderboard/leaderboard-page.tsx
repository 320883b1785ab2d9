import type { UseQueryResult } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { useSite } from '../../app/site-context'
import { ErrorState, Loading } from '../../components/status'
import { useRichT, useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import { useTopPoints, useTopTeamWins, useTopThrees } from './api'
import './leaderboard.css'

/** docs/reference/public-site.md §9: leaderboards list the top 20. */
const TOP = 20

interface Entry {
  key: string
  name: string
  href: string
  value: number
}

/**
 * One scrolling banner. The list runs twice in a row so the marquee loops without a jump; the
 * second copy is inert and hidden from screen readers. Hover or keyboard focus pauses it, and
 * prefers-reduced-motion turns it into a plain scrollable list (leaderboard.css).
 */
function Banner<Row>({
  id,
  title,
  unit,
  query,
  entry,
}: {
  id: string
  title: string
  unit: string
  query: UseQueryResult<Row[]>
  entry: (row: Row) => Omit<Entry, 'value'> & { value: number }
}) {
  const t = useT()
  let body: React.ReactNode
  if (query.isPending) body = <Loading />
  else if (query.isError)
    body = <ErrorState message={t('leaderboard.loadError', { banner: title })} onRetry={() => query.refetch()} />
  else {
    const entries = query.data.slice(0, TOP).map(entry)
    if (entries.length === 0) body = <p className="state state-empty">{t('leaderboard.none')}</p>
    else {
      const list = (copy: boolean) => (
        <ol className="leaderboard-list" aria-hidden={copy || undefined} inert={copy || undefined}>
          {entries.map((item, rank) => (
            <li key={item.key} className="leaderboard-item">
              <span className="leaderboard-rank">{rank + 1}</span>
              <Link to={item.href} className="leaderboard-name">
                {item.name}
              </Link>
              <span className="leaderboard-value">
                {item.value}
                <span className="visually-hidden"> {unit}</span>
              </span>
            </li>
          ))}
        </ol>
      )
      body = (
        <div className="leaderboard-window">
          <div className="leaderboard-track" data-count={entries.length}>
            {list(false)}
            {list(true)}
          </div>
        </div>
      )
    }
  }
  return (
    <section className="leaderboard-banner" aria-labelledby={id}>
      <h2 id={id} className="leaderboard-title">
        {title}
      </h2>
      {body}
    </section>
  )
}

/** docs/reference/public-site.md §2.7 Leaderboard: three scrolling banners — Top Points, Top Threes, Top Team Wins. */
export function LeaderboardPage() {
  const t = useT()
  const richT = useRichT()
  const { tenant, organization } = useSite()
  const points = useTopPoints(tenant)
  const threes = useTopThrees(tenant)
  const teamWins = useTopTeamWins(tenant)

  const documentTitle = t('leaderboard.documentTitle', { organization: organization.name })
  useEffect(() => {
    document.title = documentTitle
  }, [documentTitle])

  const playerName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName ?? ''}`.trim()
  /** A player leader's line: the name linking to the player, and the value the banner ranks by. */
  const playerEntry =
    <Row extends { id: number; firstName: string; lastName: string }>(rankedBy: (row: Row) => number) =>
    (row: Row) => ({
      key: String(row.id),
      name: playerName(row),
      href: sitePath(tenant, `players/${row.id}`),
      value: rankedBy(row),
    })

  return (
    <main className="page" id="main">
      <h1 className="page-title">{t('leaderboard.title')}</h1>
      <p className="muted">
        {richT('leaderboard.intro', { link: (chunks) => <Link to={sitePath(tenant, 'records')}>{chunks}</Link> })}
      </p>
      <div className="leaderboard">
        <Banner
          id="top-points"
          title={t('leaderboard.topPoints')}
          unit={t('leaderboard.unitPoints')}
          query={points}
          entry={playerEntry((row) => row.totalPoints)}
        />
        <Banner
          id="top-threes"
          title={t('leaderboard.topThrees')}
          unit={t('leaderboard.unitThrees')}
          query={threes}
          entry={playerEntry((row) => row.totalThrees)}
        />
        <Banner
          id="top-team-wins"
          title={t('leaderboard.topTeamWins')}
          unit={t('leaderboard.unitWins')}
          query={teamWins}
          entry={(row) => ({
            key: String(row.teamId),
            name: row.name,
            href: sitePath(tenant, `teams/${row.teamId}`),
            value: row.wins,
          })}
        />
      </div>
    </main>
  )
}
