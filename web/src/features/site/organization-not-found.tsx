import { type ReactNode, useEffect } from 'react'
import { Link } from 'react-router'
import { isCustomDomain } from '../../lib/tenant'

/** A whole-page notice: the tab's title is its heading, one line under it, then the way out. */
function Notice({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title
  }, [title])
  return (
    <main className="page-center" id="main">
      <div className="card notice-card">
        <h1>{title}</h1>
        <p>{text}</p>
        {children}
      </div>
    </main>
  )
}

/** Shown when no organization answers to the slug or domain (API 404 'Organization not found'). */
export function OrganizationNotFound() {
  return (
    <Notice title="Organization not found" text="We couldn't find a league at this address. Check the link and try again.">
      {isCustomDomain() ? null : (
        <Link to="/" className="button button-primary">
          See all listings
        </Link>
      )}
    </Notice>
  )
}

export function PageNotFound() {
  return (
    <Notice title="Page not found" text="There is nothing at this address.">
      <Link to="/" className="button button-primary">
        Go home
      </Link>
    </Notice>
  )
}
