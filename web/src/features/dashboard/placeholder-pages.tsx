import { useEffect } from 'react'

function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Courtside`
  }, [title])
}

/** Admin screens whose issue has not landed yet. */
export function AdminPlaceholderPage({ title }: { title: string }) {
  usePageTitle(title)
  return (
    <section className="admin-page">
      <h1 className="page-title">{title}</h1>
      <div className="card placeholder-card">
        <p>This screen is coming in a later issue.</p>
      </div>
    </section>
  )
}
