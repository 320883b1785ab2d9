import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react'
import { NavLink, Outlet, useLocation } from 'react-router'
import { ChevronIcon, CloseIcon, MenuIcon } from '../../components/icons'
import { useAuth, useLogout } from '../../features/auth/api'
import { ScreenOutlet } from '../lazy-screen'
import { useDocumentTheme } from '../theme'

const WIDE = '(min-width: 900px)'
const SETTINGS_PATHS = ['/stats', '/playerListAuth', '/userSettings', '/organizations', '/dashboard/users']

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
 * Spec 01 §2.5: sidebar (hamburger, close button, Dashboard, collapsible Settings group) and a top
 * bar with logout and the mobile menu toggle. This module is a lazy chunk: visitors never load it.
 */
export function AdminLayout() {
  const { user } = useAuth()
  const logout = useLogout()
  const location = useLocation()
  const wide = useMediaQuery(WIDE)
  const [sidebarOpen, setSidebarOpen] = useState(() => window.matchMedia(WIDE).matches)
  const [settingsOpen, setSettingsOpen] = useState(() => SETTINGS_PATHS.some((path) => location.pathname.startsWith(path)))
  const sidebarId = useId()
  const settingsId = useId()
  useDocumentTheme(user?.theme)

  // On a phone the sidebar covers the page: following a link closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    if (!window.matchMedia(WIDE).matches) setSidebarOpen(false)
  }, [location.pathname])

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
  const linkClass = ({ isActive }: { isActive: boolean }) => `sidebar-link${isActive ? ' active' : ''}`

  return (
    <div className="admin-shell" data-sidebar={sidebarOpen ? 'open' : 'closed'}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <aside id={sidebarId} className="admin-sidebar" aria-label="Admin menu" hidden={!sidebarOpen}>
        <div className="sidebar-head">
          <span className="sidebar-brand">Courtside</span>
          <button type="button" className="icon-button" aria-label="Close menu" onClick={() => setSidebarOpen(false)}>
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Admin">
          <ul className="sidebar-list">
            <li>
              <NavLink to="/dashboard/seasons" className={linkClass}>
                Dashboard
              </NavLink>
            </li>
            {user?.role === 'org_owner' || user?.role === 'super_admin' ? (
              <li>
                <NavLink to="/dashboard/auditTrail" className={linkClass}>
                  Audit Trail
                </NavLink>
              </li>
            ) : null}
            <li>
              <button
                type="button"
                className="sidebar-link sidebar-group"
                aria-expanded={settingsOpen}
                aria-controls={settingsId}
                onClick={() => setSettingsOpen((open) => !open)}
              >
                Settings <ChevronIcon />
              </button>
              <ul id={settingsId} className="sidebar-sublist" hidden={!settingsOpen}>
                <li>
                  <NavLink to="/stats" className={linkClass}>
                    Stats
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/playerListAuth" className={linkClass}>
                    All Players
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/userSettings" className={linkClass}>
                    User
                  </NavLink>
                </li>
                {user?.role === 'org_owner' ? (
                  <li>
                    <NavLink to="/dashboard/users" className={linkClass}>
                      Users
                    </NavLink>
                  </li>
                ) : null}
                {user?.role === 'super_admin' ? (
                  <li>
                    <NavLink to="/organizations" className={linkClass}>
                      Organizations
                    </NavLink>
                  </li>
                ) : null}
                <li>
                  <button type="button" className="sidebar-link" onClick={signOut} disabled={logout.isPending}>
                    Logout
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
            aria-label={sidebarOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={sidebarOpen}
            aria-controls={sidebarId}
            onClick={() => setSidebarOpen((open) => !open)}
          >
            <MenuIcon />
          </button>
          <span className="topbar-title">{user?.organization?.name ?? 'Courtside'}</span>
          <span className="topbar-user">{user?.username}</span>
          <button type="button" className="button button-small" onClick={signOut} disabled={logout.isPending}>
            {logout.isPending ? 'Logging out...' : 'Logout'}
          </button>
        </header>
        <main className="admin-content" id="main">
          <ScreenOutlet>
            <Outlet />
          </ScreenOutlet>
        </main>
      </div>
    </div>
  )
}
