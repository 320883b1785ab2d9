import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * What a visitor downloads to open a public page for the first time (docs/reference/performance.md §4), read from the
 * Vite build: index.html's entry chunk and its static imports, plus the page's lazy chunk and its
 * static imports (the router starts both at once), and the CSS all of them pull in. Sizes are
 * gzip -9 (as gzip-size and bundlesize count), per file, as a browser fetches them.
 */

type ManifestChunk = { file: string; name?: string; src?: string; imports?: string[]; css?: string[]; isEntry?: boolean }
type Manifest = Record<string, ManifestChunk>

/** Every public page of an organization's site and of the platform root, by the module the router loads. */
export const PUBLIC_SCREENS: Record<string, string> = {
  'home /{slug}': 'src/features/site/home-page.tsx',
  'content pages /{slug}/leagueInfo…': 'src/features/site-content/content-pages.tsx',
  'standings /{slug}/teamList': 'src/features/standings/public-standings-page.tsx',
  'schedule /{slug}/schedule': 'src/features/schedule/public-schedule-page.tsx',
  'games /{slug}/games': 'src/features/schedule/public-games-page.tsx',
  'game /{slug}/games/{id}': 'src/features/games/public-game-page.tsx',
  'player stats /{slug}/player/{id}/stats': 'src/features/player-stats/player-stats-page.tsx',
  'leaderboard /{slug}/leaderboard': 'src/features/leaderboard/leaderboard-page.tsx',
  'players /{slug}/players': 'src/features/public-players/public-players-page.tsx',
  'player /{slug}/players/{id}': 'src/features/public-players/public-player-page.tsx',
  'team /{slug}/teams/{id}': 'src/features/public-teams/public-team-page.tsx',
  'not found /{slug}/…': 'src/app/site-placeholder-page.tsx',
  'sign in /{slug}/login': 'src/features/auth/login-page.tsx',
  'listings /': 'src/app/platform-pages.tsx',
  'browse /browse': 'src/features/directory/browse-page.tsx',
}

/** Lazy modules only staff use: none of them may reach a visitor's first load. */
export const ADMIN_ONLY_MODULES = [
  'src/app/admin-routes.tsx',
  'src/app/layouts/admin-layout.tsx',
  'src/features/schedule-builder/schedule-builder-page.tsx',
  'src/features/organizations/organizations-page.tsx',
  'src/features/seasons/season-detail-page.tsx',
  'src/features/games/admin-game-page.tsx',
]

/** Shared chunks (named after their first module) only admin screens import: drag and drop, image compression. */
export const ADMIN_ONLY_CHUNKS = ['sortable', 'compress-image']

/** Text that only @dnd-kit (drag and drop, admin screens) contains, and survives minification. */
export const DND_KIT_MARKER = 'To pick up a draggable item'

export type FirstLoad = { page: string; files: string[]; jsGzip: number; cssGzip: number }

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest
}

function staticClosure(manifest: Manifest, key: string, into: Set<string>) {
  if (into.has(key)) return
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} is not in the Vite manifest: was the route moved?`)
  into.add(key)
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into)
}

const gzipSizes = new Map<string, number>()
export function gzipSize(dist: string, file: string): number {
  const path = join(dist, file)
  let size = gzipSizes.get(path)
  if (size === undefined) {
    size = gzipSync(readFileSync(path), { level: 9 }).length
    gzipSizes.set(path, size)
  }
  return size
}

export function firstLoadChunks(manifest: Manifest, screen: string): string[] {
  const keys = new Set<string>()
  staticClosure(manifest, 'index.html', keys)
  staticClosure(manifest, screen, keys)
  return [...keys]
}

export function publicFirstLoads(dist: string): FirstLoad[] {
  const manifest = readManifest(dist)
  return Object.entries(PUBLIC_SCREENS).map(([page, screen]) => {
    const keys = firstLoadChunks(manifest, screen)
    const js = keys.map((k) => manifest[k].file).filter((f) => f.endsWith('.js'))
    const css = [
      ...new Set(keys.flatMap((k) => [...(manifest[k].css ?? []), manifest[k].file].filter((f) => f.endsWith('.css')))),
    ]
    return {
      page,
      files: [...js, ...css],
      jsGzip: js.reduce((sum, f) => sum + gzipSize(dist, f), 0),
      cssGzip: css.reduce((sum, f) => sum + gzipSize(dist, f), 0),
    }
  })
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

// `node scripts/first-load.ts` prints the table (after `npm run build`).
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const load of publicFirstLoads('web/dist')) {
    console.log(`${load.page.padEnd(42)} JS ${kb(load.jsGzip).padStart(9)}  CSS ${kb(load.cssGzip).padStart(8)}`)
  }
}
