import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { NAV_ALIASES, NAV_GROUPS, NAV_SETTINGS, NAV_TOP } from '../../web/src/app/layouts/admin-nav'

/** Every admin route path of the router (web/src/app/admin-routes.tsx), as written there. */
const routerPaths = [...readFileSync('web/src/app/admin-routes.tsx', 'utf8').matchAll(/path: '([^']+)'/g)].map((m) => `/${m[1]}`)

describe('the admin sidebar', () => {
  it('links every admin screen whose path names no row, or an alias of one it links', () => {
    const linked = new Set([...NAV_TOP, ...NAV_GROUPS.flatMap((g) => g.items), ...NAV_SETTINGS].map((item) => item.to))
    const standalone = routerPaths.filter((path) => !path.includes(':') && path !== '/*')
    expect(standalone.length).toBeGreaterThan(15)
    const unreachable = standalone.filter((path) => !linked.has(path) && !linked.has(NAV_ALIASES[path] ?? ''))
    expect(unreachable).toEqual([])
  })

  it('keeps the spec items: Dashboard, and Stats, All Players, User, Organizations under Settings', () => {
    expect(NAV_TOP.map((item) => item.label)).toContain('Dashboard')
    const settings = NAV_SETTINGS.map((item) => item.label)
    for (const label of ['Stats', 'All Players', 'User', 'Organizations']) expect(settings).toContain(label)
    expect(NAV_SETTINGS.find((item) => item.label === 'Organizations')?.roles).toEqual(['super_admin'])
  })
})
