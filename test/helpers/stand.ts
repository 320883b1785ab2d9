// A browser test's stand: a fresh seeded server (./server.ts) and the system Chromium (./browser.ts).
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchChromium } from './browser'
import { startServer, type TestServer } from './server'

/**
 * A describe block's server and browser: started before its tests, stopped after them. The values
 * are read inside the tests (`stand.server.baseUrl`), once `beforeAll` has run.
 */
export function serverAndBrowser() {
  const stand = {} as { server: TestServer; browser: Browser }
  beforeAll(async () => {
    stand.server = await startServer()
    stand.browser = await launchChromium()
  }, 180_000)
  afterAll(async () => {
    await stand.browser?.close()
    await stand.server?.stop()
  })
  return stand
}
