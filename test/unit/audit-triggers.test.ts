import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { auditedTables, auditTriggerSql, NOT_AUDITED } from '../../scripts/generate-audit-triggers'
import { AUDIT_TABLES, changedFields, entityName } from '../../worker/domain/audit'

describe('audit triggers', () => {
  it('are the newest audit_triggers migration exactly (regenerate into a new migration after a schema change)', () => {
    const newest = readdirSync('migrations')
      .filter((f) => /^\d{4}_audit_triggers\.sql$/.test(f))
      .sort()
      .at(-1)
    expect(newest, 'no audit_triggers migration').toBeDefined()
    expect(readFileSync(`migrations/${newest}`, 'utf8')).toBe(auditTriggerSql())
  })

  it('cover every table but the ones written down as not audited, each with a name for the screen', () => {
    const audited = auditedTables().map((t) => t.name)
    expect([...audited].sort()).toEqual(Object.keys(AUDIT_TABLES).sort())
    for (const name of Object.keys(NOT_AUDITED)) expect(audited).not.toContain(name)
  })

  it('never put a password hash or a session epoch into the trail', () => {
    const sql = auditTriggerSql()
    const users = auditedTables().find((t) => t.name === 'users')
    expect(users?.columns.map((c) => c.name)).not.toContain('password_hash')
    expect(sql).not.toMatch(/'password_hash'/)
    expect(sql).not.toMatch(/'session_epoch'/)
  })
})

describe('audit entries, as the screen reads them', () => {
  it('names the row by its own name, a player by first and last name, else by kind and id', () => {
    expect(entityName({ tableName: 'teams', rowId: '12', before: null, after: { name: 'Hoopers' } })).toBe('Team Hoopers')
    expect(entityName({ tableName: 'players', rowId: '3', before: { first_name: 'Ada', last_name: 'Lee' }, after: null })).toBe(
      'Player Ada Lee',
    )
    expect(entityName({ tableName: 'player_game_stats', rowId: '77', before: null, after: { value: 4 } })).toBe(
      'Box score stat 77',
    )
  })

  it('lists only the fields an update changed, before → after', () => {
    const changes = changedFields({
      before: { id: 1, organization_id: 2, name: 'A', unavailable_slots: ['18:00'], league_id: null },
      after: { id: 1, organization_id: 2, name: 'B', unavailable_slots: ['18:00'], league_id: 4 },
    })
    expect(changes).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'league_id', before: null, after: 4 },
    ])
  })

  it('lists the values set by an insert and removed by a delete, without empty ones', () => {
    expect(changedFields({ before: null, after: { id: 1, name: 'New', logo_key: null } })).toEqual([
      { field: 'name', before: undefined, after: 'New' },
    ])
    expect(changedFields({ before: { id: 1, name: 'Old' }, after: null })).toEqual([
      { field: 'name', before: 'Old', after: undefined },
    ])
  })
})
