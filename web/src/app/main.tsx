import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { authCheckQuery } from '../lib/auth-check'
import { currentLanguage, switchLanguage } from '../lib/i18n'
import { type SiteOrganization, siteOrganizationQuery, sitePageKeysQuery } from '../lib/site-api'
import { tenantFromPath } from '../lib/tenant'
import { Providers, queryClient } from './providers'
import { AppRoutes, firstScreenLoaded } from './router'
import './styles.css'

// docs/reference/public-site.md §4: the auth check runs at startup (it also hands out the XSRF cookie).
void queryClient.prefetchQuery(authCheckQuery)
// An organization's page: its organization (and then its nav's pages) at once, alongside the auth
// check and the page's chunk, not after the first render (docs/reference/performance.md §4).
const tenant = tenantFromPath()
if (tenant) {
  // The Worker puts the organization into an organization's page: the layout renders at once.
  const embedded = document.getElementById('courtside-organization')?.textContent
  if (embedded) {
    const { organization } = JSON.parse(embedded) as { organization: SiteOrganization }
    queryClient.setQueryData(siteOrganizationQuery(tenant).queryKey, organization)
  }
  queryClient
    .fetchQuery(siteOrganizationQuery(tenant))
    .then((organization) => {
      if (organization.navigation === 'full') void queryClient.prefetchQuery(sitePageKeysQuery(tenant))
    })
    .catch(() => undefined) // the layout shows the failure (unknown organization, network)
}

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

// The first screen's chunks first (router.tsx firstScreenLoaded; a chunk that fails is the error
// boundary's to show). Then a transition: React renders the first page in slices, yielding to the
// browser between them, not in one long task (Lighthouse's Total Blocking Time,
// docs/reference/performance.md §6).
// The page's words (its language is <html lang>, written by the Worker; docs/decisions/2026-11-28-languages.md)
// load beside the first screen's chunks: nothing renders before the text it shows.
void Promise.all([firstScreenLoaded(), switchLanguage(currentLanguage(), ['site'])])
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      // The Worker's first-paint header (docs/decisions/2026-11-24-page-from-html.md) goes as the app
      // renders in the same task: Preact would otherwise diff the app against those foreign nodes
      // and keep parts of them (docs/decisions/2026-11-28-first-load-in-a-browser.md).
      root.replaceChildren()
      createRoot(root).render(
        <StrictMode>
          <Providers>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </Providers>
        </StrictMode>,
      )
    }),
  )
