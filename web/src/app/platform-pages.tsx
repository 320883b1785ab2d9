import { ListingsPage, PlainPage } from '../features/site/listings-page'
import { useAuth } from '../lib/auth'

/** The platform root (/): the listings, or the dashboard for a signed-in user. */
export function RootListingsPage() {
  const { isAuthenticated } = useAuth()
  return <ListingsPage signedIn={isAuthenticated} />
}

export function MillionairePage() {
  return <PlainPage title="Millionaire" />
}
