// Keeps an embedded Courtside widget current (docs/widgets.md). Every few seconds it asks the
// organization's data version (GET /api/widgets/version: one small JSON answer); when the version
// changed — a score was saved — or the widget shows a live game, it reads the widget page again
// and swaps its content in place. No reload, no framework; paused while the page is hidden.
;(() => {
  const POLL_MS = 5000
  const root = document.getElementById('widget')
  if (!root || !root.dataset.versionUrl) return
  let version = root.dataset.version
  let busy = false
  // A request the network never answers must not stop the polling: each gives up after 10 s.
  const options = () => ({ cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(10000) })

  async function refresh() {
    const answer = await fetch(location.href, options())
    if (!answer.ok) return
    const next = new DOMParser().parseFromString(await answer.text(), 'text/html').getElementById('widget')
    if (!next) return
    root.innerHTML = next.innerHTML
    for (const name of ['version', 'live']) {
      if (next.dataset[name] === undefined) delete root.dataset[name]
      else root.dataset[name] = next.dataset[name]
    }
    version = root.dataset.version
  }

  async function poll() {
    if (busy || document.hidden) return
    busy = true
    try {
      const answer = await fetch(root.dataset.versionUrl, options())
      const current = answer.ok ? (await answer.json()).version : version
      if (current !== version || root.dataset.live) await refresh()
    } catch {
      // Offline for a moment, or no answer in time: the next poll tries again.
    } finally {
      busy = false
    }
  }

  setInterval(poll, POLL_MS)
  document.addEventListener('visibilitychange', poll)
})()
