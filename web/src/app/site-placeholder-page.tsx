import { lazy, Suspense } from 'react'
import { useLocation } from 'react-router'
import { SiteNotFound } from '../components/site-not-found'
import { Loading } from '../components/status'
import { useT } from '../lib/i18n'

/**
 * The record book (docs/records.md) is reached through this catch-all rather than a route of its
 * own: a route adds its chunk's name and preload list to the public entry every page downloads
 * first (docs/decisions/2026-11-25-chunk-names.md). Its chunk loads here.
 */
const PublicBracketPage = lazy(async () => ({
  default: (await import('../features/playoffs/public-bracket-page')).PublicBracketPage,
}))
const RecordBookPage = lazy(async () => ({ default: (await import('../features/records/record-book-page')).RecordBookPage }))

/**
 * The router's catch-all inside an organization's site (`title="Page not found"`): every public
 * page now exists, so an unmatched address is a friendly not-found with a way home — except the
 * record book's `records` and a bracket's `bracket/{id}`, served here for the same budget.
 */
export function SitePlaceholderPage(_props: { title: string }) {
  const t = useT()
  const { pathname } = useLocation()
  if (/(^|\/)records\/?$/.test(pathname))
    return (
      <Suspense fallback={<Loading text={t('records.loading')} />}>
        <RecordBookPage />
      </Suspense>
    )
  if (/(^|\/)bracket\/\d+\/?$/.test(pathname))
    return (
      <Suspense fallback={<Loading text={t('bracket.loading')} />}>
        <PublicBracketPage />
      </Suspense>
    )
  return <SiteNotFound />
}
