// The import screen names the columns as the import reads them in the screen's language
// (docs/csv-import-export.md, docs/languages.md): every title in its hint is the language's own
// `server.csv.<column>` title — the one its exports write and its import reads back — and the
// captain's yes is the language's word, which the import reads too.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EMAIL_HEADER_KEY, GAMES_HEADER_KEYS, ROSTER_HEADER_KEYS } from '../../worker/domain/csv-import'

const ROOT = 'i18n'
const languages = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const read = (language: string, namespace: string): Record<string, string> =>
  JSON.parse(readFileSync(join(ROOT, language, `${namespace}.json`), 'utf8'))

describe('the import screen’s column hint', () => {
  for (const language of languages) {
    it(`${language}: names each column by the title the ${language} import reads`, () => {
      const admin = read(language, 'admin')
      const server = read(language, 'server')
      const title = (key: string) => server[`server.csv.${key}`] as string
      for (const key of ROSTER_HEADER_KEYS) expect(admin['admin.import.columnsRosters'], key).toContain(title(key))
      expect(admin['admin.import.columnsRosters']).toContain(`(${server['server.csv.yes']})`)
      for (const key of GAMES_HEADER_KEYS) expect(admin['admin.import.columnsGames'], key).toContain(title(key))
    })
  }
})

describe('the import screen’s hint names the E-mail column (docs/members.md "Accounts")', () => {
  for (const language of languages) {
    it(`${language}: by the title the ${language} import reads`, () => {
      const title = read(language, 'server')[`server.csv.${EMAIL_HEADER_KEY}`] as string
      expect(title).toBeTruthy()
      expect(read(language, 'admin')['admin.import.columnsRosters']).toContain(title)
    })
  }
})
