import { type ReactNode, useEffect } from 'react'
import { useSite } from '../../../app/site-context'
import { SiteNotFound } from '../../../components/site-not-found'
import { ErrorState, Loading } from '../../../components/status'
import { useT } from '../../../lib/i18n'
import { type ContentPageKey, type ContentPages, useContentPage } from '../api'

interface ContentPageProps<Key extends ContentPageKey> {
  pageKey: Key
  /** The page's name in the navigation (docs/reference/public-site.md §2.4), used until the content names it. */
  name: string
  children: (content: ContentPages[Key]) => ReactNode
}

/**
 * Every content page: the organization's stored document for `pageKey`, with loading and error
 * states, and a friendly not-found when the organization has no such page (docs/reference/public-site.md §2.7).
 */
export function ContentPage<Key extends ContentPageKey>({ pageKey, name, children }: ContentPageProps<Key>) {
  const t = useT()
  const { tenant, organization } = useSite()
  const page = useContentPage(tenant, pageKey)
  const content = page.data
  const title = content && 'title' in content ? content.title : name

  const documentTitle = t('content.documentTitle', { page: title, organization: organization.name })
  useEffect(() => {
    // The not-found names the tab itself; only a page that exists is titled here.
    if (content) document.title = documentTitle
  }, [content, documentTitle])

  if (page.isPending) {
    return (
      <main className="page" id="main">
        <Loading />
      </main>
    )
  }
  if (page.isError) {
    return (
      <main className="page" id="main">
        <ErrorState message={t('content.loadError', { page: name })} onRetry={() => page.refetch()} />
      </main>
    )
  }
  if (!content) return <SiteNotFound pageName={name} />
  return (
    <main className={`page content-page content-${pageKey}`} id="main">
      {children(content)}
    </main>
  )
}

/** The page's h1 and its introduction (one paragraph or several). */
export function ContentHeader({ title, intro }: { title: string; intro?: string | string[] }) {
  const paragraphs = intro === undefined ? [] : Array.isArray(intro) ? intro : [intro]
  return (
    <header className="content-header">
      <h1 className="page-title">{title}</h1>
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className="lead">
          {paragraph}
        </p>
      ))}
    </header>
  )
}
