import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { kb } from './first-load.ts'

/**
 * A public page's first load as a visitor's browser downloads it (docs/reference/performance.md §4,
 * docs/decisions/2026-11-28-first-load-in-a-browser.md): a fresh profile opens the page and every
 * script and stylesheet it receives until the network is idle is counted — the entry, the framework,
 * modulepreloads, the page's chunks and whatever the first screen imports on its own after rendering
 * (a lazy part, a live strip). Each body is counted gzipped at level 9, as the test before this one
 * counted the manifest's files.
 */

export type BrowserFirstLoad = { page: string; path: string; jsGzip: number; cssGzip: number; files: string[] }

/** The public pages of the seeded `ocbl` league (scripts/seed-data.ts) and of the platform root, by address. */
export async function publicPagePaths(baseUrl: string): Promise<Record<string, string>> {
  const json = async <T>(path: string) => (await (await fetch(`${baseUrl}${path}`)).json()) as T
  const { seasons } = await json<{ seasons: { id: number; active: boolean }[] }>('/api/seasonsv2?slug=ocbl')
  const season = seasons.find((s) => s.active) ?? seasons[0]
  const { games } = await json<{ games: { id: number; score_team1: number | null; team1_id: number }[] }>(
    `/api/gamesv2?slug=ocbl&seasonId=${season.id}`,
  )
  const game = games.find((g) => (g.score_team1 ?? 0) > 0) ?? games[0]
  const { playerStats } = await json<{ playerStats: { player_id: number }[] }>(`/api/gamesv2/${game.id}?slug=ocbl`)
  const playerId = playerStats[0].player_id
  return {
    'home /{slug}': '/ocbl',
    'content pages /{slug}/leagueInfo…': '/ocbl/leagueInfo',
    'standings /{slug}/teamList': '/ocbl/teamList',
    'schedule /{slug}/schedule': '/ocbl/schedule',
    'games /{slug}/games': '/ocbl/games',
    'game /{slug}/games/{id}': `/ocbl/games/${game.id}`,
    'player stats /{slug}/player/{id}/stats': `/ocbl/player/${playerId}/stats`,
    'leaderboard /{slug}/leaderboard': '/ocbl/leaderboard',
    'players /{slug}/players': '/ocbl/players',
    'player /{slug}/players/{id}': `/ocbl/players/${playerId}`,
    'team /{slug}/teams/{id}': `/ocbl/teams/${game.team1_id}`,
    'record book /{slug}/records': '/ocbl/records',
    'not found /{slug}/…': '/ocbl/no-such-page',
    'sign in /{slug}/login': '/ocbl/login',
    'listings /': '/',
    'browse /browse': '/browse',
  }
}

/** Opens `path` in a fresh browser context and adds up the gzipped scripts and stylesheets it loaded. */
export async function measureFirstLoad(browser: Browser, baseUrl: string, page: string, path: string): Promise<BrowserFirstLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const tab = await context.newPage()
    const bodies: Promise<{ url: string; type: 'js' | 'css'; size: number } | undefined>[] = []
    tab.on('response', (response) => {
      const type = response.request().resourceType()
      if (type !== 'script' && type !== 'stylesheet') return
      bodies.push(
        response
          .body()
          .then((body) => ({
            url: new URL(response.url()).pathname,
            type: type === 'script' ? ('js' as const) : ('css' as const),
            size: gzipSync(body, { level: 9 }).length,
          }))
          .catch(() => undefined),
      )
    })
    await tab.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' })
    // A screen may import a part of itself after its data arrives: wait for a second quiet spell.
    await tab.waitForTimeout(500)
    await tab.waitForLoadState('networkidle')
    const loaded = (await Promise.all(bodies)).filter((b) => b !== undefined)
    const sum = (type: 'js' | 'css') => loaded.filter((b) => b.type === type).reduce((total, b) => total + b.size, 0)
    return { page, path, jsGzip: sum('js'), cssGzip: sum('css'), files: loaded.map((b) => b.url) }
  } finally {
    await context.close()
  }
}

export async function measureFirstLoads(browser: Browser, baseUrl: string): Promise<BrowserFirstLoad[]> {
  const loads: BrowserFirstLoad[] = []
  for (const [page, path] of Object.entries(await publicPagePaths(baseUrl))) {
    loads.push(await measureFirstLoad(browser, baseUrl, page, path))
  }
  return loads
}

// `node scripts/first-load-browser.ts` (after `npm run build`) starts a seeded server and prints the table.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { startLocalServer } = await import('./local-server.ts')
  const { launchChromium } = await import('../test/helpers/browser.ts')
  const server = await startLocalServer()
  const browser = await launchChromium()
  try {
    for (const load of await measureFirstLoads(browser, server.baseUrl)) {
      console.log(`${load.page.padEnd(42)} JS ${kb(load.jsGzip).padStart(9)}  CSS ${kb(load.cssGzip).padStart(8)}`)
      if (process.argv.includes('--files')) console.log(`  ${load.files.join(' ')}`)
    }
  } finally {
    await browser.close()
    await server.stop()
  }
}
