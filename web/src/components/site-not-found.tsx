import { useEffect } from 'react'
import { Link } from 'react-router'
import { useSite } from '../app/site-context'
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
  const { tenant, organization } = useSite()
  useEffect(() => {
    document.title = `Page not found · ${organization.name}`
  }, [organization.name])
  return (
    <main className="page-center" id="main">
      <div className="card notice-card">
        <h1>Page not found</h1>
        <p>
          {pageName
            ? `${organization.name} doesn't have a ${pageName} page.`
            : `There is nothing at this address on the ${organization.name} site.`}
        </p>
        <Link to={sitePath(tenant)} className="button button-primary">
          Go to the home page
        </Link>
      </div>
    </main>
  )
}
