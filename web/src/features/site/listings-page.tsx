import { useEffect } from 'react'
import { Link, Navigate } from 'react-router'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { useT } from '../../lib/i18n'
import { type Listing, useListings } from '../../lib/site-api'

export function listingHref(listing: Pick<Listing, 'domain' | 'slug'>): string {
  return listing.domain ? `https://${listing.domain}` : `/${encodeURIComponent(listing.slug)}`
}

/**
 * docs/reference/public-site.md §2.6: the platform root lists every organization. docs/reference/public-site.md §6: a signed-in user who
 * visits the public landing is sent to the dashboard (we read "landing" as this root page only,
 * so staff can still look at their own public site).
 */
export function ListingsPage({ signedIn }: { signedIn: boolean }) {
  const t = useT()
  const listings = useListings()
  const title = t('listings.documentTitle')
  useEffect(() => {
    document.title = title
  }, [title])
  if (signedIn) return <Navigate to="/dashboard" replace />

  let body: React.ReactNode
  if (listings.isPending) body = <Loading />
  else if (listings.isError) body = <ErrorState message={t('listings.loadError')} onRetry={() => listings.refetch()} />
  else if (listings.data.length === 0) body = <EmptyState>{t('listings.none')}</EmptyState>
  else
    body = (
      <ul className="listings">
        {listings.data.map((listing) => (
          <li key={listing.id}>
            {listing.domain ? (
              <a className="listing-card" href={listingHref(listing)}>
                <ListingBody listing={listing} />
              </a>
            ) : (
              <Link className="listing-card" to={listingHref(listing)}>
                <ListingBody listing={listing} />
              </Link>
            )}
          </li>
        ))}
      </ul>
    )

  return (
    <main className="page" id="main">
      <h1 className="page-title">{t('listings.title')}</h1>
      {body}
    </main>
  )
}

function ListingBody({ listing }: { listing: Listing }) {
  return (
    <>
      {listing.logo_url ? <img src={listing.logo_url} alt="" className="listing-logo" loading="lazy" /> : null}
      <span className="listing-name">{listing.name}</span>
      {listing.domain ? <span className="listing-domain">{listing.domain}</span> : null}
    </>
  )
}

export function PlainPage({ title }: { title: string }) {
  const t = useT()
  const documentTitle = t('platform.documentTitle', { page: title })
  useEffect(() => {
    document.title = documentTitle
  }, [documentTitle])
  return (
    <main className="page" id="main">
      <h1 className="page-title">{title}</h1>
      <p className="muted">{t('platform.comingSoon')}</p>
    </main>
  )
}
