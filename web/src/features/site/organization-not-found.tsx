import { useEffect } from 'react'
import { Link } from 'react-router'
import { isCustomDomain } from '../../lib/tenant'

/** Shown when no organization answers to the slug or domain (API 404 'Organization not found'). */
export function OrganizationNotFound() {
  useEffect(() => {
    document.title = 'Organization not found'
  }, [])
  return (
    <main className="page-center" id="main">
      <div className="card notice-card">
        <h1>Organization not found</h1>
        <p>We couldn't find a league at this address. Check the link and try again.</p>
        {isCustomDomain() ? null : (
          <Link to="/" className="button button-primary">
            See all listings
          </Link>
        )}
      </div>
    </main>
  )
}

export function PageNotFound() {
  useEffect(() => {
    document.title = 'Page not found'
  }, [])
  return (
    <main className="page-center" id="main">
      <div className="card notice-card">
        <h1>Page not found</h1>
        <p>There is nothing at this address.</p>
        <Link to="/" className="button button-primary">
          Go home
        </Link>
      </div>
    </main>
  )
}
