import { useEffect } from 'react'
import { Link } from 'react-router'
import { useT } from '../../lib/i18n'
import { isCustomDomain } from '../../lib/tenant'

/** Shown when no organization answers to the slug or domain (API 404 'Organization not found'). */
export function OrganizationNotFound() {
  const t = useT()
  const title = t('notFound.organization')
  useEffect(() => {
    document.title = title
  }, [title])
  return (
    <main className="page-center" id="main">
      <div className="card notice-card">
        <h1>{title}</h1>
        <p>{t('notFound.organizationText')}</p>
        {isCustomDomain() ? null : (
          <Link to="/" className="button button-primary">
            {t('notFound.seeListings')}
          </Link>
        )}
      </div>
    </main>
  )
}

export function PageNotFound() {
  const t = useT()
  const title = t('notFound.page')
  useEffect(() => {
    document.title = title
  }, [title])
  return (
    <main className="page-center" id="main">
      <div className="card notice-card">
        <h1>{title}</h1>
        <p>{t('notFound.pageText')}</p>
        <Link to="/" className="button button-primary">
          {t('notFound.goHome')}
        </Link>
      </div>
    </main>
  )
}
