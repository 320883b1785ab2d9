import { describe, expect, it } from 'vitest'
import { d1BindingsOf, directoryProblems } from '../../scripts/databases'

describe('the deploy check: bindings and directory agree (docs/scaling.md "Deploying")', () => {
  const toml = `
[[d1_databases]]
binding = "DB"
database_name = "courtside"

[[d1_databases]]
binding = "DB_2"
database_name = "courtside-2"
`
  it('reads every D1 binding of wrangler.toml', () => {
    expect(d1BindingsOf(toml)).toEqual(['DB', 'DB_2'])
  })

  it('passes when every database the directory and the routing table name is bound', () => {
    expect(directoryProblems(['DB', 'DB_2'], ['DB', 'DB_2'], '')).toEqual([])
  })

  it('refuses a directory entry or a route naming a database the Worker would not have', () => {
    expect(directoryProblems(['DB', 'DB_2'], ['DB', 'DB_3'], '')).toEqual([
      'the directory places organizations on DB_3, which wrangler.toml does not bind',
    ])
    expect(directoryProblems(['DB'], ['DB'], '[{"binding":"DB_WEST","slugs":["west"]}]')).toEqual([
      'DB_ROUTES names DB_WEST, which wrangler.toml does not bind',
    ])
  })

  it('refuses extra databases not named DB_<n> (their id range comes from the number)', () => {
    expect(directoryProblems(['DB', 'DB_WEST'], ['DB'], '')).toEqual([
      'DB_WEST: name extra D1 databases DB_2, DB_3, … (each hands out ids from its own range)',
    ])
  })
})
