import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react'
import { NavLink, Outlet, useLocation } from 'react-router'
import { ChevronIcon, CloseIcon, MenuIcon, SignOutIcon } from '../../components/icons'
import { useScoreReportCount } from '../../features/score-reports/api'
import { useAuth, useLogout } from '../../lib/auth'
import { useT } from '../../lib/i18n'
import { setActingOrganization } from '../../lib/use-acting-org'
import { ScreenOutlet } from '../lazy-screen'
import { useDocumentTheme } from '../theme'
import { ActingOrganizationGate, ActingOrganizationPicker } from './acting-organization'
import { NAV_GROUPS, NAV_SETTINGS, NAV_TOP, type NavLinkItem, type Role, visibleTo } from './admin-nav'
import { QuickSwitcher } from './quick-switcher'

const linkClass = ({ isActive }: { isActive: boolean }) => `sidebar-link${isActive ? ' active' : ''}`

/** The sidebar's links the user's role may see, one list item each. */
function NavItems({ items, role }: { items: NavLinkItem[]; role: Role | undefined }) {
  const t = useT()
  return items
    .filter((item) => visibleTo(item, role))
    .map((item) => (
      <li key={item.to}>
        {item.count ? (
          <CountedNavLink item={item} role={role} />
        ) : (
          <NavLink to={item.to} end={item.end} className={linkClass}>
            {t(item.key)}
          </NavLink>
        )}
      </li>
    ))
}

/**
 * A sidebar link with a count beside its name (the games waiting in the score reports queue,
 * docs/members.md "Score reports"), hidden at 0. The link's name stays the screen's name; the count
 * is its description, in words ("1 waiting").
 */
function CountedNavLink({ item, role }: { item: NavLinkItem; role: Role | undefined }) {
  const t = useT()
  // A super admin counts nothing until an organization is chosen: the count is the organization's.
  const count = useScoreReportCount(role === 'org_owner' || role === 'staff')
  const described = useId()
  return (
    <NavLink to={item.to} end={item.end} className={linkClass} aria-describedby={count > 0 ? described : undefined}>
      {t(item.key)}
      {count > 0 ? (
        <>
          <span className="nav-count" aria-hidden="true">
            {count}
          </span>
          <span id={described} hidden>
            {t('admin.nav.countLabel', { count })}
          </span>
        </>
      ) : null}
    </NavLink>
  )
}

const WIDE = '(min-width: 900px)'

function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', notify)
      return () => list.removeEventListener('change', notify)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches)
}

/**
 * docs/reference/public-site.md §2.5: sidebar (hamburger, close button, Dashboard, collapsible Settings group) and a top
 * bar with logout and the mobile menu toggle. This module is a lazy chunk: visitors never load it.
 */
export function AdminLayout() {
  const t = useT()
  const { user } = useAuth()
  const logout = useLogout()
  const location = useLocation()
  const wide = useMediaQuery(WIDE)
  const [sidebarOpen, setSidebarOpen] = useState(() => window.matchMedia(WIDE).matches)
  const [settingsOpen, setSettingsOpen] = useState(() => NAV_SETTINGS.some((item) => location.pathname.startsWith(item.to)))
  const sidebarId = useId()
  const settingsId = useId()
  useDocumentTheme(user?.theme)
  // Only a super admin chooses an organization: anyone else signed in on this tab starts from none.
  useEffect(() => {
    if (user && user.role !== 'super_admin') setActingOrganization(null)
  }, [user])

  // On a phone the sidebar covers the page: following a link closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    if (!window.matchMedia(WIDE).matches) setSidebarOpen(false)
  }, [location.pathname])

  // A window narrowed to a phone's width keeps the page, not a sidebar that now covers it; widened
  // again, the sidebar is back beside the page as on a fresh desktop load.
  useEffect(() => setSidebarOpen(wide), [wide])

  const overlay = sidebarOpen && !wide
  useEffect(() => {
    if (!overlay) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSidebarOpen(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [overlay])

  const signOut = () => logout.mutate()

  return (
    <div className="admin-shell" data-sidebar={sidebarOpen ? 'open' : 'closed'}>
      <a href="#main" className="skip-link">
        {t('admin.nav.skipToContent')}
      </a>
      <aside id={sidebarId} className="admin-sidebar" aria-label={t('admin.nav.menu')} hidden={!sidebarOpen}>
        <div className="sidebar-head">
          <span className="sidebar-brand">{t('admin.nav.brand')}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('admin.nav.closeMenu')}
            onClick={() => setSidebarOpen(false)}
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t('admin.nav.label')}>
          <ul className="sidebar-list">
            <NavItems items={NAV_TOP} role={user?.role} />
            {NAV_GROUPS.map((group) => (
              <li key={group.key}>
                <span className="sidebar-heading" id={`${sidebarId}-${group.label}`}>
                  {t(group.key)}
                </span>
                <ul className="sidebar-sublist" aria-labelledby={`${sidebarId}-${group.label}`}>
                  <NavItems items={group.items} role={user?.role} />
                </ul>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="sidebar-link sidebar-group"
                aria-expanded={settingsOpen}
                aria-controls={settingsId}
                onClick={() => setSettingsOpen((open) => !open)}
              >
                {t('admin.nav.settings')} <ChevronIcon />
              </button>
              <ul id={settingsId} className="sidebar-sublist" hidden={!settingsOpen}>
                <NavItems items={NAV_SETTINGS} role={user?.role} />
                <li>
                  <button type="button" className="sidebar-link" onClick={signOut} disabled={logout.isPending}>
                    {t('admin.nav.logout')}
                  </button>
                </li>
              </ul>
            </li>
          </ul>
        </nav>
      </aside>
      {overlay ? <div className="sidebar-scrim" aria-hidden="true" onClick={() => setSidebarOpen(false)} /> : null}
      <div className="admin-main">
        <header className="admin-topbar">
          <button
            type="button"
            className="icon-button"
            aria-label={sidebarOpen ? t('admin.nav.closeMenu') : t('admin.nav.openMenu')}
            aria-expanded={sidebarOpen}
            aria-controls={sidebarId}
            onClick={() => setSidebarOpen((open) => !open)}
          >
            <MenuIcon />
          </button>
          {user?.role === 'super_admin' ? (
            <ActingOrganizationPicker />
          ) : (
            // A long name ends in an ellipsis on a phone: the whole name stays its tooltip (and its text).
            <span className="topbar-title" title={user?.organization?.name ?? t('admin.nav.brand')}>
              {user?.organization?.name ?? t('admin.nav.brand')}
            </span>
          )}
          <QuickSwitcher role={user?.role} />
          <span className="topbar-user">{user?.username}</span>
          {/* On a phone the button is its icon; its words stay its name (visually hidden there). */}
          <button type="button" className="button button-small topbar-button" onClick={signOut} disabled={logout.isPending}>
            <span className="topbar-icon">
              <SignOutIcon />
            </span>
            <span className="topbar-words">{logout.isPending ? t('admin.nav.loggingOut') : t('admin.nav.logout')}</span>
          </button>
        </header>
        <main className="admin-content" id="main">
          <ScreenOutlet>
            {user?.role === 'super_admin' ? (
              <ActingOrganizationGate pathname={location.pathname}>
                <Outlet />
              </ActingOrganizationGate>
            ) : (
              <Outlet />
            )}
          </ScreenOutlet>
        </main>
      </div>
    </div>
  )
}
