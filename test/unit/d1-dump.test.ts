import { describe, expect, it } from 'vitest'
import { restorableOrder, splitStatements } from '../../scripts/d1-dump'

// The shape `wrangler d1 export` writes: each table then its rows, alphabetically, triggers last.
const DUMP = `PRAGMA defer_foreign_keys=TRUE;
CREATE TABLE \`games\` (
\t\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
\t\`team1_id\` integer NOT NULL REFERENCES \`teams\`(\`id\`)
);
INSERT INTO "games" ("id","team1_id") VALUES(1,7);
CREATE TABLE \`teams\` (\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL, \`name\` text);
INSERT INTO "teams" ("id","name") VALUES(7,'It''s; a
CREATE TABLE "trap"; END;');
DELETE FROM sqlite_sequence;
INSERT INTO "sqlite_sequence" ("name","seq") VALUES('games',9);
CREATE INDEX \`games_team1\` ON \`games\` (\`team1_id\`);
CREATE TRIGGER \`games_bump\` AFTER INSERT ON \`games\` BEGIN UPDATE \`teams\` SET \`name\` = 'x;y' WHERE \`id\` = NEW.\`team1_id\`; END;`

describe('backup dumps', () => {
  it('splits statements at semicolons outside quotes and trigger bodies', () => {
    const statements = splitStatements(DUMP)
    expect(statements).toHaveLength(9)
    expect(statements[4]).toBe(`INSERT INTO "teams" ("id","name") VALUES(7,'It''s; a\nCREATE TABLE "trap"; END;')`)
    expect(statements[8]).toMatch(/^CREATE TRIGGER .* END$/)
  })

  it('puts every table before any row, and indexes and triggers after the last row', () => {
    const ordered = splitStatements(restorableOrder(DUMP))
    expect(ordered.map((s) => s.split(/\s+/).slice(0, 2).join(' '))).toEqual([
      'PRAGMA defer_foreign_keys=TRUE',
      'CREATE TABLE',
      'CREATE TABLE',
      'INSERT INTO',
      'INSERT INTO',
      'DELETE FROM',
      'INSERT INTO',
      'CREATE INDEX',
      'CREATE TRIGGER',
    ])
    expect(ordered[3]).toContain('"games"')
    expect(ordered[6]).toContain('sqlite_sequence')
  })

  it('keeps every statement and is idempotent', () => {
    const once = restorableOrder(DUMP)
    expect(restorableOrder(once)).toBe(once)
    expect([...splitStatements(once)].sort()).toEqual([...splitStatements(DUMP)].sort())
  })

  it('adds deferred foreign keys to a dump without them', () => {
    expect(restorableOrder('INSERT INTO "a" VALUES(1);').startsWith('PRAGMA defer_foreign_keys=TRUE;')).toBe(true)
  })
})
