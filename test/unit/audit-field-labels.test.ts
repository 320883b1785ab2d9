// The audit trail names each changed field as a person reads it, in the dashboard's language
// (docs/languages.md): every column of every audited table has a label in every catalog's
// `admin.audit.column`, so no raw `first_name` reaches the screen (the raw name stays its tooltip).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'
import { auditFieldLabel } from '../../web/src/features/audit-trail/field-label'
import * as schema from '../../worker/db/schema'
import { AUDIT_TABLES } from '../../worker/domain/audit'
import { createTranslator } from '../../worker/domain/i18n'

const ROOT = 'i18n'
const languages = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const translatorOf = (language: string) =>
  createTranslator(language, JSON.parse(readFileSync(join(ROOT, language, 'admin.json'), 'utf8')))

/** Every column an audit entry can show: the audited tables' columns but ids, organization and creation time. */
const columns = [
  ...new Set(
    Object.values(schema)
      .flatMap((value) => {
        try {
          const config = getTableConfig(value as SQLiteTable)
          return config.name in AUDIT_TABLES ? config.columns.map((c) => c.name) : []
        } catch {
          return []
        }
      })
      .filter((name) => !['id', 'organization_id', 'created_at'].includes(name)),
  ),
]

describe('the audit trail’s field labels', () => {
  it('has found the audited tables’ columns', () => {
    expect(columns).toEqual(expect.arrayContaining(['first_name', 'team1_id', 'start_date', 'attribute_name']))
  })

  for (const language of languages) {
    it(`${language}: labels every audited column, never showing its raw name`, () => {
      const t = translatorOf(language)
      // A column the catalog's select lacks falls to its `other` branch: the raw name.
      const unlabelled = columns.filter((column) => [column, 'admin.audit.column'].includes(t('admin.audit.column', { column })))
      expect(unlabelled).toEqual([])
    })
  }

  it('reads as people say it in Spanish and French, and in English', () => {
    expect(auditFieldLabel('first_name', translatorOf('es'))).toBe('Nombre')
    expect(auditFieldLabel('team1_id', translatorOf('es'))).toBe('Equipo local')
    expect(auditFieldLabel('start_date', translatorOf('fr'))).toBe('Date de début')
    expect(auditFieldLabel('name', translatorOf('en'))).toBe('Name')
    expect(auditFieldLabel('first_name', translatorOf('en'))).toBe('First name')
  })
})
