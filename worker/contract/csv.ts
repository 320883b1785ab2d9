// The spreadsheet import of a league's rosters or games: what preview and commit take and answer
// (docs/csv-import-export.md). The exports answer CSV files, not JSON.
import { z } from 'zod'
import { day, rowId } from './common'

export const MAX_IMPORT_ROWS = 2000
export const MAX_IMPORT_CHARS = 1_000_000

export const importKind = z.enum(['rosters', 'games'], 'Import kind must be rosters or games')
export type ImportKind = z.output<typeof importKind>

/** The rows, pasted or read from a file, of one kind. */
const importText = z.object({
  kind: importKind,
  text: z
    .string({ error: 'Paste the rows or upload a file' })
    .max(MAX_IMPORT_CHARS, `The text is longer than ${MAX_IMPORT_CHARS} characters`),
})

/** POST …/import/preview and …/import/commit. */
export const importBody = importText.extend({
  /** The preview's token: when given, the commit is refused (409) if the league changed since. */
  token: z.string().max(100).nullish(),
  /** Per row number: "existing" (the preview's default), "new", or the id of one of the matching players. */
  choices: z
    .record(
      z.string().regex(/^\d{1,7}$/, 'Choices are keyed by row number'),
      z.union([z.enum(['new', 'existing']), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)]),
    )
    .refine((r) => Object.keys(r).length <= MAX_IMPORT_ROWS, `At most ${MAX_IMPORT_ROWS} choices`)
    .nullish(),
})

/** new: the row creates; match: it is something that exists (with a choice); error: it cannot be imported. */
const rowStatus = z.enum(['new', 'match', 'error'])
/** On a match: use the existing one, or create another. */
const matchChoice = z.enum(['existing', 'new']).nullable()

/** What every preview row says: its number in the sheet, its status and why. */
const previewRow = {
  row: z.number().int().positive(),
  status: rowStatus,
  /** The error, or a note on what the row does ("Already on this team"). */
  message: z.string().nullable(),
}

/** An existing player of the row's name. */
export const playerCandidate = z.object({
  id: rowId,
  firstName: z.string(),
  lastName: z.string(),
  /** Their latest team, to tell two people of the same name apart. */
  team: z.string().nullable(),
})
export type PlayerCandidate = z.output<typeof playerCandidate>

export const rosterPreviewRow = z.object({
  ...previewRow,
  team: z.string(),
  division: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  captain: z.boolean(),
  /** new: created; existing: a team of this league's past seasons, added again; inLeague: already here. */
  teamStatus: z.enum(['new', 'existing', 'inLeague']).nullable(),
  /** Existing players of this name (case-insensitive), newest first. */
  candidates: z.array(playerCandidate),
  /** On a match: use an existing player (playerId) or create a new one. */
  choice: matchChoice,
  playerId: rowId.nullable(),
  /** The chosen player is on this team's roster already: nothing to write for the row. */
  onRoster: z.boolean(),
  /** Player attribute cells of the row (attribute name → value), empty ones left out. */
  attributes: z.record(z.string(), z.string()),
  /** The row's E-mail cell, checked and lower-cased (empty: none given); staff answers only. */
  email: z.string(),
})
export type RosterPreviewRow = z.output<typeof rosterPreviewRow>

export const gamePreviewRow = z.object({
  ...previewRow,
  date: day.nullable(),
  time: z.string().nullable(),
  home: z.string(),
  away: z.string(),
  homeScore: z.number().nullable(),
  awayScore: z.number().nullable(),
  /** scheduled, completed, postponed, cancelled or forfeit; null: not given. */
  gameStatus: z.string().nullable(),
  location: z.string().nullable(),
  /** The existing game a match is (same date, home and away). */
  gameId: rowId.nullable(),
  /** On a match: update the existing game from the row, or add another game. */
  choice: matchChoice,
  /** What updating the existing game changes (empty: the row says what the game already says). */
  changes: z.array(z.string()),
})
export type GamePreviewRow = z.output<typeof gamePreviewRow>

const count = z.number().int().nonnegative()
/** Rows read, rows in error and rows that change nothing. */
const summaryCounts = { rows: count, errors: count, unchanged: count }

export const rosterSummary = z.object({
  ...summaryCounts,
  newTeams: count,
  addedTeams: count,
  newPlayers: count,
  existingPlayers: count,
})
export type RosterSummary = z.output<typeof rosterSummary>

export const gameSummary = z.object({ ...summaryCounts, newGames: count, updatedGames: count })
export type GameSummary = z.output<typeof gameSummary>

/** What the import would do, row by row; a commit is possible when no row is in error. */
const preview = {
  /** Sent back with the commit: refused if the league changed since this preview. */
  token: z.string(),
  /** Columns of the sheet the import does not read. */
  ignoredColumns: z.array(z.string()),
  canCommit: z.boolean(),
}
export const importPreview = z.union([
  z.object({ kind: z.literal('rosters'), rows: z.array(rosterPreviewRow), summary: rosterSummary, ...preview }),
  z.object({ kind: z.literal('games'), rows: z.array(gamePreviewRow), summary: gameSummary, ...preview }),
])
export type ImportPreview = z.output<typeof importPreview>

/** What the commit did; `written` is false when the import had nothing to change. */
export const importDone = z.union([
  z.object({ kind: z.literal('rosters'), summary: rosterSummary, written: z.boolean() }),
  z.object({ kind: z.literal('games'), summary: gameSummary, written: z.boolean() }),
])
export type ImportDone = z.output<typeof importDone>
