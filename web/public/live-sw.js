// The live scorer's offline copy (docs/live-scoring.md "Offline"). Versioned: a new VERSION drops
// the old cache on activation. Only what a scorer page needs is kept — its HTML shell, the app's
// hashed files, and the GET answers a scorer page reads — network first, the copy when offline.
// Everything the page loaded before this worker ran it (its first visit) is stored when the page
// asks ('keep', below), so the first online visit is enough to open it again offline.
// Events are not handled here: the page queues them in IndexedDB and sends them itself.
const VERSION = 'courtside-live-v1'
const SCORER_PAGE = /^\/games\/\d+\/live\/?$/

self.addEventListener('install', () => self.skipWaiting())

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('courtside-live-') && key !== VERSION) await caches.delete(key)
      await self.clients.claim()
    })(),
  )
})

async function fromScorerPage(event) {
  if (event.request.mode === 'navigate') return SCORER_PAGE.test(new URL(event.request.url).pathname)
  const client = event.clientId ? await self.clients.get(event.clientId) : null
  return Boolean(client && SCORER_PAGE.test(new URL(client.url).pathname))
}

async function networkFirst(request) {
  const cache = await caches.open(VERSION)
  try {
    const response = await fetch(request)
    if (response.ok) await cache.put(request, response.clone())
    return response
  } catch (error) {
    const copy = await cache.match(request, { ignoreVary: true })
    if (copy) return copy
    throw error
  }
}

/**
 * Stores the scorer page at `page` (fetched again, as a reload would ask for it) and each of `urls`
 * (what the page loaded: the app's files, the answers it read) not stored yet. True once the page
 * and every app file are stored; an address that is no GET (a POST's path) is skipped.
 */
async function keep(page, urls) {
  const pageUrl = new URL(page, self.location.origin)
  if (pageUrl.origin !== self.location.origin || !SCORER_PAGE.test(pageUrl.pathname)) return false
  const cache = await caches.open(VERSION)
  const html = await fetch(pageUrl.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
  if (!html.ok) return false
  await cache.put(pageUrl.href, html)
  const stored = await Promise.all(
    urls.map(async (address) => {
      const url = new URL(address, self.location.origin)
      if (url.origin !== self.location.origin || url.pathname === '/live-sw.js') return true
      if (await cache.match(url.href, { ignoreVary: true })) return true
      try {
        const response = await fetch(url.href, { credentials: 'same-origin' })
        if (response.ok) await cache.put(url.href, response)
        return response.ok || !url.pathname.startsWith('/assets/')
      } catch {
        return false
      }
    }),
  )
  return stored.every(Boolean)
}

self.addEventListener('message', (event) => {
  const data = event.data
  if (!data || data.type !== 'keep' || typeof data.page !== 'string' || !Array.isArray(data.urls)) return
  const reply = (ok) => event.ports[0]?.postMessage({ type: 'kept', ok })
  event.waitUntil(keep(data.page, data.urls).then(reply, () => reply(false)))
})

async function cacheFirst(request) {
  const cache = await caches.open(VERSION)
  const copy = await cache.match(request)
  if (copy) return copy
  const response = await fetch(request)
  if (response.ok) await cache.put(request, response.clone())
  return response
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== self.location.origin) return
  if (request.headers.get('Upgrade')) return
  // The app's hashed files never change under their name.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request))
    return
  }
  event.respondWith(
    (async () => ((await fromScorerPage(event)) ? networkFirst(request) : fetch(request)))(),
  )
})
