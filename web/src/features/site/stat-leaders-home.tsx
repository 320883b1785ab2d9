import { useSite } from '../../app/site-context'
import { ErrorState, Loading } from '../../components/status'
import { type StatLeaders, useStatLeaders } from '../../lib/site-api'

/** docs/reference/public-site.md §9: the stat banners show the top 3. */
const TOP = 3

interface Banner {
  title: string
  rows: { firstName: string; lastName: string; value: number }[]
}

function bannersFrom(leaders: StatLeaders): Banner[] {
  const top = <Row extends { firstName: string; lastName: string }>(rows: Row[] | undefined, value: (row: Row) => number) =>
    (rows ?? []).slice(0, TOP).map((row) => ({ firstName: row.firstName, lastName: row.lastName ?? '', value: value(row) }))
  return [
    { title: 'Points', rows: top(leaders.points, (row) => row.pts) },
    { title: 'Threes', rows: top(leaders.threes, (row) => row.three_pm) },
    { title: 'Rebounds', rows: top(leaders.rebounds, (row) => row.reb) },
    { title: 'Assists', rows: top(leaders.assists, (row) => row.ast) },
  ]
}

/** docs/reference/public-site.md §2.6, demo organizations: Top Stat Leaders with four banners. */
export function StatLeadersHome() {
  const { tenant } = useSite()
  const leaders = useStatLeaders(tenant)

  let body: React.ReactNode
  if (leaders.isPending) body = <Loading />
  else if (leaders.isError) body = <ErrorState message="Stat leaders could not be loaded." onRetry={() => leaders.refetch()} />
  else {
    const banners = leaders.data ? bannersFrom(leaders.data) : []
    body = banners.some((banner) => banner.rows.length > 0) ? (
      <div className="leader-banners">
        {banners.map((banner) => (
          <section key={banner.title} className="leader-banner" aria-labelledby={`leaders-${banner.title}`}>
            <h2 id={`leaders-${banner.title}`}>{banner.title}</h2>
            {banner.rows.length > 0 ? (
              <ol>
                {banner.rows.map((row, rank) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: in a top-3 list the rank is the row's identity
                  <li key={rank}>
                    <span className="leader-rank">{rank + 1}</span>
                    <span className="leader-name">
                      {row.firstName} {row.lastName}
                    </span>
                    <span className="leader-value">{row.value}</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="muted">No stats yet</p>
            )}
          </section>
        ))}
      </div>
    ) : (
      <p className="state state-empty">No stats yet</p>
    )
  }

  return (
    <main className="page" id="main">
      <h1 className="page-title">Top Stat Leaders</h1>
      {body}
    </main>
  )
}
