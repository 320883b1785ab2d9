import { SiteNotFound } from '../../components/site-not-found'

/**
 * The router's catch-all inside an organization's site (`title="Page not found"`): every public
 * page now exists, so an unmatched address is a friendly not-found with a way home.
 */
export function SitePlaceholderPage(_props: { title: string }) {
  return <SiteNotFound />
}
