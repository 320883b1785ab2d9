import type { Bindings, TenantHint } from '../env'
import { randomToken } from '../lib/ids'

/**
 * The directory (docs/scaling.md "Past one database"): which D1 binding holds each organization,
 * by id, slug and custom domain. It lives in the home database `DB` (table `org_directory`,
 * migration 0029) and every request consults it before its first query, through an isolate-level
 * snapshot: a warm isolate answers from memory with no D1 round trip. The snapshot is tagged with
 * the directory's version, kept in KV (`directory:version`, read with KV's edge cache); any change
 * writes a new version, so other isolates reload it (one read of `DB`) on their next request.
 *
 * An organization the directory does not name lives on `DB` (every organization made before the
 * directory, and rows written straight into `DB` by seeds and tests).
 */
export const HOME_BINDING = 'DB'
export const DIRECTORY_VERSION_KEY = 'directory:version'
/** Seconds KV's edge may keep the version (Cloudflare's minimum; docs/decisions/2026-11-29-directory.md). */
const VERSION_CACHE_TTL = 60

export type DirectoryState = 'active' | 'moving' | 'moved-cleanup'

export interface DirectoryEntry {
  organizationId: number
  slug: string
  domain: string | null
  binding: string
  state: DirectoryState
}

export interface DirectorySnapshot {
  version: string
  byId: Map<number, DirectoryEntry>
  bySlug: Map<string, DirectoryEntry>
  byDomain: Map<string, DirectoryEntry>
}

let snapshot: DirectorySnapshot | undefined
let loading: { version: string; promise: Promise<DirectorySnapshot> } | undefined

/** D1 bindings of this Worker: `DB` and every `DB_*` that is a D1 database, in name order (DB first). */
export function d1BindingNames(env: Bindings): string[] {
  const all = env as unknown as Record<string, unknown>
  return Object.keys(all)
    .filter((name) => (name === HOME_BINDING || /^DB_[A-Z0-9_]+$/.test(name)) && isD1(all[name]))
    .sort((a, b) => (a === HOME_BINDING ? -1 : b === HOME_BINDING ? 1 : a.localeCompare(b, 'en', { numeric: true })))
}

const isD1 = (value: unknown): value is D1Database =>
  typeof value === 'object' && value !== null && typeof (value as D1Database).prepare === 'function'

/** The D1 database behind a binding name; a name that is not one is a deployment error, said loudly. */
export function d1Named(env: Bindings, name: string): D1Database {
  const binding = (env as unknown as Record<string, unknown>)[name]
  if (!isD1(binding)) throw new Error(`The directory names ${name}, which is not a D1 binding of this Worker`)
  return binding
}

function build(version: string, rows: DirectoryEntry[]): DirectorySnapshot {
  const next: DirectorySnapshot = { version, byId: new Map(), bySlug: new Map(), byDomain: new Map() }
  for (const row of rows) put(next, row)
  return next
}

function put(target: DirectorySnapshot, entry: DirectoryEntry) {
  const old = target.byId.get(entry.organizationId)
  if (old) {
    target.bySlug.delete(old.slug)
    if (old.domain) target.byDomain.delete(old.domain)
  }
  const clean = { ...entry, slug: entry.slug.toLowerCase(), domain: entry.domain?.toLowerCase() ?? null }
  target.byId.set(clean.organizationId, clean)
  target.bySlug.set(clean.slug, clean)
  if (clean.domain) target.byDomain.set(clean.domain, clean)
}

async function readVersion(env: Bindings): Promise<string | null> {
  try {
    return (await env.SESSIONS.get(DIRECTORY_VERSION_KEY, { cacheTtl: VERSION_CACHE_TTL })) ?? '0'
  } catch (error) {
    console.error('[directory] version unreadable; the cached directory is used', error)
    return null
  }
}

/** Reads the whole directory from `DB` (one round trip). */
async function load(env: Bindings, version: string): Promise<DirectorySnapshot> {
  const { results } = await d1Named(env, HOME_BINDING)
    .prepare('SELECT organization_id, slug, domain, binding, state FROM org_directory')
    .all<{ organization_id: number; slug: string; domain: string | null; binding: string; state: DirectoryState }>()
  return build(
    version,
    results.map((r) => ({
      organizationId: r.organization_id,
      slug: r.slug,
      domain: r.domain,
      binding: r.binding,
      state: r.state,
    })),
  )
}

/** The directory as this isolate knows it, reloaded from `DB` only when its version changed. */
export async function directory(env: Bindings): Promise<DirectorySnapshot> {
  const version = await readVersion(env)
  if (snapshot && (version === null || version === snapshot.version)) return snapshot
  const wanted = version ?? '0'
  if (!loading || loading.version !== wanted) {
    const promise = load(env, wanted).then((loaded) => {
      snapshot = loaded
      return loaded
    })
    promise.catch(() => {
      if (loading?.promise === promise) loading = undefined
    })
    loading = { version: wanted, promise }
  }
  return loading.promise
}

/** The entry of the organization a tenant hint names (custom domain, `domain`, `slug`, or a path slug). */
export function entryOfHint(dir: DirectorySnapshot, hint: TenantHint, pathSlug?: string): DirectoryEntry | undefined {
  const domain = hint.domain?.toLowerCase()
  if (domain) return dir.byDomain.get(domain)
  const slug = hint.kind === 'platform' ? (hint.slug ?? pathSlug)?.toLowerCase() : undefined
  return slug ? dir.bySlug.get(slug) : undefined
}

/** Forgets this isolate's snapshot (tests, and a request that found its database out of date). */
export function forgetDirectory() {
  snapshot = undefined
  loading = undefined
}

/** Writes a new directory version and applies `change` to this isolate's snapshot at once. */
async function publish(env: Bindings, change: (dir: DirectorySnapshot) => void) {
  const previous = snapshot
  const version = randomToken(12)
  await env.SESSIONS.put(DIRECTORY_VERSION_KEY, version).catch((error) => {
    // Other isolates keep their snapshot until the next change or restart; said in the log.
    console.error('[directory] version not written', error)
  })
  // This isolate knew the latest directory: it stays warm with the change applied.
  if (previous) {
    change(previous)
    previous.version = version
  } else forgetDirectory()
}

/** Records (or re-records) an organization's place: one statement on `DB`, then a new version. */
export async function recordEntry(env: Bindings, entry: Omit<DirectoryEntry, 'state'> & { state?: DirectoryState }) {
  const full: DirectoryEntry = {
    state: 'active',
    ...entry,
    slug: entry.slug.toLowerCase(),
    domain: entry.domain?.toLowerCase() ?? null,
  }
  await d1Named(env, HOME_BINDING)
    .prepare(
      `INSERT INTO org_directory (organization_id, slug, domain, binding, state) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (organization_id) DO UPDATE SET slug = excluded.slug, domain = excluded.domain, binding = excluded.binding,
         state = excluded.state, version = version + 1, updated_at = unixepoch() * 1000`,
    )
    .bind(full.organizationId, full.slug, full.domain, full.binding, full.state)
    .run()
  await publish(env, (dir) => put(dir, full))
}

/** Removes a deleted organization from the directory. */
export async function removeEntry(env: Bindings, organizationId: number) {
  await d1Named(env, HOME_BINDING).prepare('DELETE FROM org_directory WHERE organization_id = ?').bind(organizationId).run()
  await publish(env, (dir) => {
    const old = dir.byId.get(organizationId)
    if (!old) return
    dir.byId.delete(organizationId)
    dir.bySlug.delete(old.slug)
    if (old.domain) dir.byDomain.delete(old.domain)
  })
}

/**
 * Where a new organization goes (docs/scaling.md "Placement"): the least full database — the
 * smallest file (D1's `size_after`), then the fewest organizations, then binding order. Only the
 * bindings listed in `DB_PLACEMENT` (comma-separated) take new organizations when it is set.
 */
export async function placeNewOrganization(env: Bindings): Promise<string> {
  const allowed = env.DB_PLACEMENT?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const names = d1BindingNames(env).filter((n) => !allowed?.length || allowed.includes(n))
  if (names.length <= 1) return names[0] ?? HOME_BINDING
  const sizes = await boundedMap(names, 3, async (name) => {
    const result = await d1Named(env, name).prepare('SELECT count(*) AS n FROM organizations').first<{ n: number }>()
    const meta = await d1Named(env, name).prepare('SELECT 1').run()
    return { name, size: Number(meta.meta?.size_after ?? 0), count: result?.n ?? 0 }
  })
  sizes.sort((a, b) => a.size - b.size || a.count - b.count || names.indexOf(a.name) - names.indexOf(b.name))
  return sizes[0]?.name ?? HOME_BINDING
}

/** Runs `work` over `items` with at most `limit` at once, answers in the items' order. */
export async function boundedMap<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const at = next++
      results[at] = await work(items[at] as T, at)
    }
  })
  await Promise.all(lanes)
  return results
}
