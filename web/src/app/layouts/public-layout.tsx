import { type CSSProperties, useMemo } from 'react'
import { Outlet, useLocation, useParams } from 'react-router'
import { brandStyle } from '../../../../worker/domain/brand-colours'
import { ErrorState, Loading } from '../../components/status'
import { OrganizationNotFound, PageNotFound } from '../../features/site/organization-not-found'
import { SiteFooter } from '../../features/site/site-footer'
import { SiteNav } from '../../features/site/site-nav'
import { isNotFound } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { useSiteOrganization } from '../../lib/site-api'
import { sitePath, type Tenant, tenantFromPath } from '../../lib/tenant'
import { ScreenOutlet } from '../lazy-screen'
import { SiteContext } from '../site-context'
import { useDocumentTheme } from '../theme'

function useTenant(): Tenant | null {
  const { slug } = useParams()
  return useMemo(() => tenantFromPath(`/${slug ?? ''}`), [slug])
}

/**
 * An organization's public site: nav bar (hidden on /login, docs/reference/public-site.md §2.1), page, footer. The
 * organization is resolved from the custom domain or the slug (docs/reference/public-site.md §4).
 */
export function PublicLayout() {
  const t = useT()
  const tenant = useTenant()
  const organization = useSiteOrganization(tenant)
  const { pathname } = useLocation()
  useDocumentTheme(organization.data?.theme)

  const site = useMemo(
    () => (tenant && organization.data ? { tenant, organization: organization.data } : null),
    [tenant, organization.data],
  )

  if (!tenant) return <PageNotFound />
  if (organization.isPending) {
    return (
      <main className="page-center">
        <Loading />
      </main>
    )
  }
  if (organization.isError || !site) {
    if (isNotFound(organization.error)) return <OrganizationNotFound />
    return (
      <main className="page-center">
        <ErrorState message={t('site.loadError')} onRetry={() => organization.refetch()} />
      </main>
    )
  }

  const onLogin = /\/login\/?$/.test(pathname)
  // The brand colours as CSS properties (docs/site-look.md "Brand colours"), as the Worker's first-paint header has them.
  const brand = brandStyle(site.organization.brandPrimary, site.organization.brandAccent) as CSSProperties
  return (
    <SiteContext.Provider value={site}>
      <div className="site-shell" style={brand}>
        <a href="#main" className="skip-link">
          {t('site.skipToContent')}
        </a>
        {onLogin ? null : <SiteNav />}
        <ScreenOutlet>
          <Outlet />
        </ScreenOutlet>
        <SiteFooter
          organization={site.organization}
          loginPath={sitePath(tenant, 'login')}
          memberPath={sitePath(tenant, 'member/sign-in')}
        />
      </div>
    </SiteContext.Provider>
  )
}

/** The platform's own sign-in page (/login with no slug): no nav bar, a footer without an organization. */
export function PlatformLoginLayout() {
  useDocumentTheme('light')
  return (
    <div className="site-shell">
      <ScreenOutlet>
        <Outlet />
      </ScreenOutlet>
      <SiteFooter loginPath="/login" />
    </div>
  )
}

/** docs/reference/public-site.md §2.1: /, /browse and /millionaire on the platform root host have no nav bar and no footer. */
export function BareLayout() {
  useDocumentTheme('light')
  return (
    <div className="bare-shell">
      <ScreenOutlet>
        <Outlet />
      </ScreenOutlet>
    </div>
  )
}
