// Reading the e-mail a test server wrote (scripts/mail-standin.ts) as .eml files (test/helpers/eml.ts
// parses them). Node only: browser journeys and scripts.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { type Eml, parseEml } from './eml'

export { type Eml, linkIn, parseEml } from './eml'

/** Every message in the folder, oldest first. */
export async function readMail(dir: string): Promise<Eml[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort()
  return Promise.all(files.map(async (f) => parseEml(await readFile(path.join(dir, f), 'utf8'), f)))
}

/** Waits until `match` finds a message (polling the folder); fails after `timeoutMs`. */
export async function waitForMail(dir: string, match: (mail: Eml) => boolean, timeoutMs = 60_000): Promise<Eml> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await readMail(dir)).find(match)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`No e-mail matched within ${timeoutMs} ms (folder ${dir})`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
