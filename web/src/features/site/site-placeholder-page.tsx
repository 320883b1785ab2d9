import { useEffect } from 'react'
import { useSite } from './site-context'

/** Public pages whose content arrives in later issues: a tidy heading and a short note. */
export function SitePlaceholderPage({ title }: { title: string }) {
  const { organization } = useSite()
  useEffect(() => {
    document.title = `${title} · ${organization.name}`
  }, [title, organization.name])
  return (
    <main className="page" id="main">
      <h1 className="page-title">{title}</h1>
      <p className="muted">This page is coming soon.</p>
    </main>
  )
}
