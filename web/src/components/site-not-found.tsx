import { useEffect } from 'react'
import { Link } from 'react-router'
import { useSite } from '../app/site-context'
import { useT } from '../lib/i18n'
import { sitePath } from '../lib/tenant'

interface SiteNotFoundProps {
  /** What the visitor asked for, e.g. "Registration"; absent for an unknown address. */
  pageName?: string
}

/**
 * A friendly not-found inside an organization's site (chrome stays, so the visitor can move on):
 * an unknown address, or a content page this organization has not published.
 */
export function SiteNotFound({ pageName }: SiteNotFoundProps) {
  const t = useT()
  const { tenant, organization } = useSite()
  const title = t('notFound.siteTitle', { organization: organization.name })
  useEffect(() => {
    document.title = title
  }, [title])
  return (
    <main className="page-center" id="main">
      <div className="card notice-card">
        <h1>{t('notFound.page')}</h1>
        <p>
          {pageName
            ? t('notFound.noSuchPage', { organization: organization.name, page: pageName })
            : t('notFound.nothingHere', { organization: organization.name })}
        </p>
        <Link to={sitePath(tenant)} className="button button-primary">
          {t('notFound.goToHome')}
        </Link>
      </div>
    </main>
  )
}
