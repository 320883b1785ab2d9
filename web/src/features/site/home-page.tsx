import { lazy, Suspense, useEffect } from 'react'
import type { PagePrefetch } from '../../app/lazy-screen'
import { useSite } from '../../app/site-context'
import { useT } from '../../lib/i18n'
import { prefetchHome } from '../../lib/site-api'
import { HistoryHome } from './history-home'
import { StatLeadersHome } from './stat-leaders-home'

// Only fetched after the page shows: the strip stays out of the home's first load.
const LiveNowStrip = lazy(() => import('../../components/live-now-strip'))

export const prefetch: PagePrefetch = (client, { tenant }) => prefetchHome(client, tenant)

/** docs/reference/public-site.md §2.6: the home an organization gets is chosen by its homeVariant. */
export function HomePage() {
  const { organization, tenant } = useSite()
  useEffect(() => {
    document.title = organization.name
  }, [organization.name])

  return (
    <>
      <Suspense fallback={null}>
        <LiveNowStrip tenant={tenant} />
      </Suspense>
      <HomeVariant variant={organization.homeVariant} name={organization.name} />
    </>
  )
}

function HomeVariant({ variant, name }: { variant: string; name: string }) {
  switch (variant) {
    case 'history':
      return <HistoryHome />
    case 'stat_leaders':
      return <StatLeadersHome />
    default:
      return <EmptyHome name={name} />
  }
}

function EmptyHome({ name }: { name: string }) {
  const t = useT()
  return (
    <main className="page home-empty" id="main">
      <h1 className="page-title">{name}</h1>
      <p className="lead">{t('home.welcome')}</p>
    </main>
  )
}
