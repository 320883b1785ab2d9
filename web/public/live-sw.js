// The live scorer's offline copy (docs/live-scoring.md "Offline"). Versioned: a new VERSION drops
// the old cache on activation. Only what a scorer page needs is kept — its HTML shell, the app's
// hashed files, and the GET answers a scorer page reads — network first, the copy when offline.
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
    const copy = await cache.match(request)
    if (copy) return copy
    throw error
  }
}

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
