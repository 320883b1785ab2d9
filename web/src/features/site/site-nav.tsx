import { useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { useSite } from '../../app/site-context'
import { CloseIcon, MenuIcon } from '../../components/icons'
import { useT } from '../../lib/i18n'
import { type SiteOrganization, useSitePageKeys } from '../../lib/site-api'
import { sitePath } from '../../lib/tenant'

/** A link's catalog key (i18n/<language>/site.json) and its path. */
type NavItem = readonly [labelKey: string, path: string]

// docs/reference/public-site.md §2.4: the main league's full bar, and the small bar everyone else gets.
const FULL_NAV: readonly NavItem[] = [
  ['nav.home', ''],
  ['nav.registration', 'registration'],
  ['nav.leagueInfo', 'leagueInfo'],
  ['nav.tournament', 'tournament'],
  ['nav.standings', 'teamList'],
  ['nav.schedule', 'schedule'],
  ['nav.players', 'playerList'],
  ['nav.leaderBoard', 'leaderboard'],
  ['nav.recordBook', 'records'],
  ['nav.youth', 'youth'],
  ['nav.ourTeam', 'ourTeam'],
  ['nav.leagueFootage', 'leagueFootage'],
  ['nav.contact', 'contact'],
]
const SMALL_NAV: readonly NavItem[] = [
  ['nav.home', ''],
  ['nav.players', 'players'],
  ['nav.games', 'games'],
]

/**
 * The content pages (docs/reference/public-site.md §2.7) are the organization's own data: a link shows only when the
 * organization has that page (GET /api/site-pages). Their paths are their page keys.
 */
export const CONTENT_PAGE_KEYS: ReadonlySet<string> = new Set([
  'registration',
  'leagueInfo',
  'tournament',
  'ourTeam',
  'leagueFootage',
  'youth',
  'contact',
])

/** docs/reference/public-site.md §9: the menu's close animation takes 300 ms. */
export const MENU_CLOSE_MS = 300

type MenuState = 'closed' | 'open' | 'closing'

/** The bar's links; content pages only when `pageKeys` (the organization's pages) holds them. */
export function navItemsFor(
  organization: Pick<SiteOrganization, 'navigation'>,
  pageKeys: readonly string[] = [],
): readonly NavItem[] {
  if (organization.navigation !== 'full') return SMALL_NAV
  return FULL_NAV.filter(([, path]) => !CONTENT_PAGE_KEYS.has(path) || pageKeys.includes(path))
}

export function SiteNav() {
  const t = useT()
  const { tenant, organization } = useSite()
  const [menu, setMenu] = useState<MenuState>('closed')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const location = useLocation()
  // Until the list arrives (or if it fails) content links stay out: never a link to a missing page.
  const pageKeys = useSitePageKeys(tenant, organization.navigation === 'full')

  const close = (returnFocus = false) => {
    setMenu((state) => (state === 'open' ? 'closing' : state))
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setMenu('closed'), MENU_CLOSE_MS)
    if (returnFocus) toggleRef.current?.focus()
  }
  const toggle = () => {
    if (menu === 'open') close()
    else {
      clearTimeout(timer.current)
      setMenu('open')
    }
  }

  // A followed link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    if (menu === 'open') close()
  }, [location.pathname])
  useEffect(() => () => clearTimeout(timer.current), [])

  const items = navItemsFor(organization, pageKeys.data)
  return (
    <header className={`site-header nav-${organization.navigation}`}>
      <nav
        className="site-nav"
        aria-label={t('nav.main')}
        onKeyDown={(event) => {
          // Escape closes the open menu from the toggle or any of its links.
          if (event.key === 'Escape' && menu === 'open') close(true)
        }}
      >
        <Link to={sitePath(tenant)} className="site-brand">
          {organization.logo_url ? (
            <img src={organization.logo_url} alt={organization.name} className="site-logo" />
          ) : (
            <span className="site-name">{organization.name}</span>
          )}
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="icon-button menu-toggle"
          aria-expanded={menu === 'open'}
          aria-controls={menuId}
          aria-label={menu === 'open' ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={toggle}
        >
          {menu === 'open' ? <CloseIcon /> : <MenuIcon />}
        </button>
        <ul id={menuId} className="site-menu" data-state={menu}>
          {items.map(([label, path]) => (
            <li key={label}>
              <NavLink to={sitePath(tenant, path)} end={path === ''} className="site-menu-link">
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  )
}
