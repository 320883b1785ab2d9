import { ListingsPage, PlainPage } from '../features/site/listings-page'
import { useAuth } from '../lib/auth'
import { useT } from '../lib/i18n'

/** The platform root (/): the listings, or the dashboard for a signed-in user. */
export function RootListingsPage() {
  const { isAuthenticated } = useAuth()
  return <ListingsPage signedIn={isAuthenticated} />
}

export function MillionairePage() {
  const t = useT()
  return <PlainPage title={t('platform.millionaire')} />
}
