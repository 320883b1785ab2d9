import { useSite } from '../../app/site-context'
import { ErrorState, Loading } from '../../components/status'
import { type Translate, useT } from '../../lib/i18n'
import { type StatLeaders, useStatLeaders } from '../../lib/site-api'

/** docs/reference/public-site.md §9: the stat banners show the top 3. */
const TOP = 3

interface Banner {
  key: string
  title: string
  rows: { firstName: string; lastName: string; value: number }[]
}

function bannersFrom(leaders: StatLeaders, t: Translate): Banner[] {
  const top = <Row extends { firstName: string; lastName: string }>(rows: Row[] | undefined, value: (row: Row) => number) =>
    (rows ?? []).slice(0, TOP).map((row) => ({ firstName: row.firstName, lastName: row.lastName ?? '', value: value(row) }))
  return [
    { key: 'points', title: t('home.leaders.points'), rows: top(leaders.points, (row) => row.pts) },
    { key: 'threes', title: t('home.leaders.threes'), rows: top(leaders.threes, (row) => row.three_pm) },
    { key: 'rebounds', title: t('home.leaders.rebounds'), rows: top(leaders.rebounds, (row) => row.reb) },
    { key: 'assists', title: t('home.leaders.assists'), rows: top(leaders.assists, (row) => row.ast) },
  ]
}

/** docs/reference/public-site.md §2.6, demo organizations: Top Stat Leaders with four banners. */
export function StatLeadersHome() {
  const t = useT()
  const { tenant } = useSite()
  const leaders = useStatLeaders(tenant)

  let body: React.ReactNode
  if (leaders.isPending) body = <Loading />
  else if (leaders.isError) body = <ErrorState message={t('home.leaders.loadError')} onRetry={() => leaders.refetch()} />
  else {
    const banners = leaders.data ? bannersFrom(leaders.data, t) : []
    body = banners.some((banner) => banner.rows.length > 0) ? (
      <div className="leader-banners">
        {banners.map((banner) => (
          <section key={banner.key} className="leader-banner" aria-labelledby={`leaders-${banner.key}`}>
            <h2 id={`leaders-${banner.key}`}>{banner.title}</h2>
            {banner.rows.length > 0 ? (
              <ol>
                {banner.rows.map((row, rank) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: in a top-3 list the rank is the row's identity
                  <li key={rank}>
                    <span className="leader-rank">{rank + 1}</span>
                    <span className="leader-name">{t('home.leaders.name', { first: row.firstName, last: row.lastName })}</span>
                    <span className="leader-value">{row.value}</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="muted">{t('home.leaders.none')}</p>
            )}
          </section>
        ))}
      </div>
    ) : (
      <p className="state state-empty">{t('home.leaders.none')}</p>
    )
  }

  return (
    <main className="page" id="main">
      <h1 className="page-title">{t('home.leaders.title')}</h1>
      {body}
    </main>
  )
}
