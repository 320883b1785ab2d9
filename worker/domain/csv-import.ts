// What an import of a league's rosters or games would do, row by row (docs/csv-import-export.md):
// each row new, a match of something that exists (with the choice to use it or create another), or
// an error — and, when no row is in error, the plan the commit writes in one batch. Pure: the
// route reads the league's state, this decides, the route writes.

import {
  type GamePreviewRow,
  type GameSummary,
  type ImportKind,
  MAX_IMPORT_CHARS,
  MAX_IMPORT_ROWS,
  type PlayerCandidate,
  type RosterPreviewRow,
  type RosterSummary,
} from '../contract/csv'
import { playerEmail } from '../contract/players'
import { at } from './at'
import {
  type ColumnSpec,
  CsvSyntaxError,
  headerKey,
  mapHeader,
  parseDelimited,
  parseSheetDate,
  parseSheetTime,
  unescapeFormula,
} from './csv'
import { GAME_STATUSES, type GameStatus } from './games'
import { skippedTimeMessage } from './time'
import { resolveLocal } from './zone'

export type { GamePreviewRow, GameSummary, ImportKind, PlayerCandidate, RosterPreviewRow, RosterSummary }
// The limits and the preview's rows are the API's (worker/contract/csv.ts).
export { MAX_IMPORT_CHARS, MAX_IMPORT_ROWS }

export type RowStatus = RosterPreviewRow['status']
/** A row's choice on a match: the default existing one, another matching player (id), or a new one. */
export type Choice = 'existing' | 'new' | number
export type Choices = Map<number, Choice>

/** The whole paste or file cannot be read (no header, unclosed quote, too many rows): a 400. */
export class ImportInputError extends Error {
  constructor(
    message: string,
    readonly field = 'text',
  ) {
    super(message)
    this.name = 'ImportInputError'
  }
}

const ROSTER_COLUMNS = [
  { key: 'team', label: 'Team', aliases: ['teamname', 'squad'] },
  { key: 'division', label: 'Division', aliases: ['div', 'divisionname'] },
  { key: 'firstName', label: 'First name', aliases: ['first', 'firstname', 'givenname', 'fname'] },
  { key: 'lastName', label: 'Last name', aliases: ['last', 'surname', 'familyname', 'lname'] },
  { key: 'player', label: 'Player', aliases: ['name', 'playername', 'fullname'] },
  { key: 'captain', label: 'Captain', aliases: ['capt', 'iscaptain'] },
  // The player's private address (docs/members.md "Accounts"): read and written by staff only.
  { key: 'email', label: 'E-mail', aliases: ['emailaddress', 'mail', 'mailaddress'] },
] as const satisfies ColumnSpec[]
type RosterColumn = (typeof ROSTER_COLUMNS)[number]['key']

const GAME_COLUMNS = [
  { key: 'date', label: 'Date', aliases: ['gamedate', 'day'] },
  { key: 'time', label: 'Time', aliases: ['starttime', 'start', 'tipoff'] },
  { key: 'home', label: 'Home', aliases: ['hometeam', 'team1'] },
  { key: 'away', label: 'Away', aliases: ['awayteam', 'visitor', 'visitors', 'visitingteam', 'team2'] },
  { key: 'homeScore', label: 'Home score', aliases: ['homepts', 'homepoints', 'scorehome', 'team1score'] },
  { key: 'awayScore', label: 'Away score', aliases: ['awaypts', 'awaypoints', 'scoreaway', 'team2score'] },
  { key: 'status', label: 'Status', aliases: ['gamestatus'] },
  { key: 'location', label: 'Location', aliases: ['court', 'venue', 'gym', 'place'] },
] as const satisfies ColumnSpec[]
type GameColumn = (typeof GAME_COLUMNS)[number]['key']

/** The columns each export writes, in order: what the import reads back unchanged. */
export const ROSTER_HEADER = ['Team', 'Division', 'First name', 'Last name', 'Captain']
export const GAMES_HEADER = GAME_COLUMNS.map((c) => c.label)
/** The columns of each export by key: its title is the `server.csv.<key>` message in the export's language. */
export const ROSTER_HEADER_KEYS = ['team', 'division', 'firstName', 'lastName', 'captain'] as const
/**
 * The E-mail column's key: the players export always writes it, the rosters export when a rostered
 * player has an address (docs/decisions/2026-11-29-csv-email-column.md).
 */
export const EMAIL_HEADER_KEY = 'email'
/** A cell as a player's e-mail: lower-cased, or null when it is not an address (the contract's own check). */
export function importEmail(raw: string): string | null {
  const parsed = playerEmail.safeParse(raw)
  return parsed.success && parsed.data ? parsed.data : null
}
export const GAMES_HEADER_KEYS = GAME_COLUMNS.map((c) => c.key)
/** Every column the import reads, by key: their titles in other languages come from the catalogs. */
export const IMPORT_COLUMN_KEYS = [...new Set([...ROSTER_COLUMNS, ...GAME_COLUMNS].map((c) => c.key))]

/**
 * Titles the import also reads as a column (docs/csv-import-export.md), by column key: an export
 * written in Spanish or French (`Equipo`, `Prénom`) is read back as the English one is.
 */
export type ColumnTitles = Partial<Record<string, readonly string[]>>

const CONTROL = /[\p{Cc}\u2028\u2029]/u
/** A word without its accents, as a keyboard without them types it (`si` for `sí`). */
const plain = (word: string) => nameKey(word).normalize('NFD').replace(/\p{M}/gu, '')
/** Names as compared: case-insensitive, runs of spaces as one. */
export const nameKey = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase()
const playerKey = (first: string, last: string) => `${nameKey(first)}\u0000${nameKey(last)}`
const clean = (value: string | undefined) => unescapeFormula((value ?? '').trim()).replace(/ {2,}/g, ' ')

interface SheetRow<K extends string> {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number
  cells: Record<K, string>
}

/** Rows of the paste or file, keyed by column, blank rows left out. */
function readSheet<K extends string>(
  text: string,
  columns: readonly ColumnSpec<K>[],
  required: (index: Partial<Record<K, number>>) => string | null,
  titles: ColumnTitles = {},
): { rows: SheetRow<K>[]; ignored: string[] } {
  const specs = columns.map((spec) => {
    const more = (titles[spec.key] ?? []).map(headerKey).filter((key) => key !== '' && !spec.aliases.includes(key))
    return more.length ? { ...spec, aliases: [...spec.aliases, ...more] } : spec
  })
  if (text.length > MAX_IMPORT_CHARS) throw new ImportInputError(`The text is longer than ${MAX_IMPORT_CHARS} characters`)
  let table: string[][]
  try {
    table = parseDelimited(text)
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new ImportInputError(error.message)
    throw error
  }
  const headerAt = table.findIndex((r) => r.some((cell) => cell.trim() !== ''))
  if (headerAt < 0) throw new ImportInputError('Paste or upload at least a header row and one row')
  const { index, ignored, repeated } = mapHeader(at(table, headerAt), specs)
  if (repeated.length > 0) throw new ImportInputError(`The column ${repeated[0]} appears twice`)
  const missing = required(index)
  if (missing) throw new ImportInputError(missing)
  const rows: SheetRow<K>[] = []
  for (let i = headerAt + 1; i < table.length; i++) {
    const raw = at(table, i)
    if (raw.every((cell) => cell.trim() === '')) continue
    const cells = {} as Record<K, string>
    for (const spec of specs) {
      const at = index[spec.key]
      cells[spec.key] = at === undefined ? '' : clean(raw[at])
    }
    rows.push({ row: i + 1, cells })
  }
  if (rows.length === 0) throw new ImportInputError('There are no rows under the header')
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new ImportInputError(`At most ${MAX_IMPORT_ROWS} rows at a time (this has ${rows.length}); split the file`)
  }
  return { rows, ignored }
}

function checkText(value: string, what: string, max: number, problems: string[]) {
  if (value.length > max) problems.push(`${what} must be at most ${max} characters`)
  else if (CONTROL.test(value)) problems.push(`${what} cannot contain line breaks or other control characters`)
}

// ---- rosters ----------------------------------------------------------------------------------

/** What the league holds now, as the roster import needs it. */
export interface RosterState {
  /** Teams in this league this season. */
  leagueTeams: { teamId: number; sltId: number; name: string; divisionId: number | null }[]
  /** The organization's other teams that belonged to this league before, newest first. */
  historyTeams: { id: number; name: string }[]
  /** Who is on which team of this league this season. */
  rosters: { sltId: number; playerId: number }[]
  /** Every player of the organization, with their private address (null: none). */
  players: { id: number; firstName: string; lastName: string; email?: string | null }[]
  /** The season's divisions. */
  divisions: { id: number; name: string }[]
  /** The organization's player attributes (Number, Position…): each may be a column. */
  attributes?: PlayerAttribute[]
  /** Their values for the organization's players. */
  values?: { playerId: number; attributeId: number; value: string | null }[]
}

export interface PlayerAttribute {
  id: number
  name: string
  type: 'string' | 'number' | 'date'
}

type TeamRef = { id: number } | { name: string }
type PlayerRef = { id: number } | { firstName: string; lastName: string }

export interface RosterPlan {
  newDivisions: string[]
  /** Teams to place in the league: new (by name, created first) or existing (by id). */
  places: { team: TeamRef; division: string | null }[]
  newTeams: string[]
  divisionChanges: { sltId: number; division: string }[]
  newPlayers: { firstName: string; lastName: string; email?: string | null }[]
  rosterAdds: { team: TeamRef; player: PlayerRef }[]
  captains: { team: TeamRef; player: PlayerRef }[]
  /** Attribute values to set (an empty cell leaves a value as it is). */
  values: { player: PlayerRef; attributeId: number; value: string }[]
  /** New addresses of existing players (an empty E-mail cell leaves an address as it is). */
  emails?: { playerId: number; email: string }[]
}

interface TeamPlan {
  key: string
  name: string
  status: 'new' | 'existing' | 'inLeague'
  teamId?: number
  sltId?: number
  currentDivisionId?: number | null
  division: string | null
  divisionRow?: number
  captainRow?: number
}

const YES = new Set(['yes', 'y', 'x', 'true', '1', 'captain', 'c'])
const NO = new Set(['', 'no', 'n', 'false', '0'])

/** Headers read as the attribute of that name: a Number attribute is also the jersey column. */
const attributeAliases = (name: string) =>
  headerKey(name) === 'number' ? ['jersey', 'jerseynumber', 'jerseyno', 'no', 'num', 'nr', 'shirt'] : []

/** A cell checked against its attribute's type (docs/reference/league-admin.md §9: string, number, date), or the problem. */
function attributeValue(attribute: PlayerAttribute, raw: string): { value: string } | { problem: string } {
  if (attribute.type === 'number') {
    return /^-?\d+(\.\d+)?$/.test(raw) ? { value: raw } : { problem: `${attribute.name} "${raw}" is not a number` }
  }
  if (attribute.type === 'date') {
    const date = parseSheetDate(raw)
    return date ? { value: date } : { problem: `${attribute.name} "${raw}" is not a date like 2026-01-15` }
  }
  if (raw.length > 200) return { problem: `${attribute.name} must be at most 200 characters` }
  return CONTROL.test(raw) ? { problem: `${attribute.name} cannot contain line breaks` } : { value: raw }
}

export function readRosterSheet(text: string, attributes: PlayerAttribute[] = [], titles: ColumnTitles = {}) {
  const specs: ColumnSpec<string>[] = [
    ...ROSTER_COLUMNS,
    ...attributes
      .filter((a) => !ROSTER_COLUMNS.some((c) => headerKey(c.label) === headerKey(a.name)))
      .map((a) => ({ key: `attribute:${a.id}`, label: a.name, aliases: attributeAliases(a.name) })),
  ]
  return readSheet<string>(
    text,
    specs,
    (index: Partial<Record<string, number>>) =>
      index.team === undefined
        ? 'The first row must name the columns: Team, First name, Last name (Division and Captain are optional)'
        : (index.firstName === undefined) !== (index.lastName === undefined)
          ? 'Give both a First name and a Last name column (or one Player column)'
          : null,
    titles,
  )
}

/** Every row of a roster paste marked new / match / error, and the plan when none is in error. */
export function planRosters(
  text: string,
  state: RosterState,
  choices: Choices = new Map(),
  titles: ColumnTitles = {},
  /** The word for yes in each shipped language (`sí`, `oui`), read as a captain's yes too (docs/csv-import-export.md). */
  yesWords: readonly string[] = [],
): { rows: RosterPreviewRow[]; plan: RosterPlan | null; summary: RosterSummary; ignored: string[] } {
  const attributes = state.attributes ?? []
  const { rows: sheet, ignored } = readRosterSheet(text, attributes, titles)
  const currentValue = new Map((state.values ?? []).map((v) => [`${v.playerId}:${v.attributeId}`, v.value ?? '']))
  const inLeague = new Map(state.leagueTeams.map((t) => [nameKey(t.name), t]))
  const history = new Map<string, { id: number; name: string }>()
  for (const t of state.historyTeams) if (!history.has(nameKey(t.name))) history.set(nameKey(t.name), t)
  const divisions = new Map<string, { id: number; name: string }>()
  for (const d of state.divisions) if (!divisions.has(nameKey(d.name))) divisions.set(nameKey(d.name), d)
  const divisionName = new Map(state.divisions.map((d) => [d.id, d.name]))
  const byName = new Map<string, { id: number; firstName: string; lastName: string }[]>()
  for (const p of [...state.players].sort((a, b) => b.id - a.id)) {
    const key = playerKey(p.firstName, p.lastName)
    byName.set(key, [...(byName.get(key) ?? []), p])
  }
  const onRoster = new Set(state.rosters.map((r) => `${r.sltId}:${r.playerId}`))
  const emailHolder = new Map(state.players.filter((p) => p.email).map((p) => [p.email as string, p]))
  const emailOf = new Map(state.players.map((p) => [p.id, p.email ?? null]))
  /** Which row first gave an address, and to whom (`p:<id>` or `n:<name>`): one player per address. */
  const emailRows = new Map<string, { row: number; who: string }>()
  const rowEmails = new Map<number, string>()

  const teams = new Map<string, TeamPlan>()
  const rowValues = new Map<number, { attribute: PlayerAttribute; value: string }[]>()
  const spelling = new Map<string, string>()
  const seen = new Map<string, number>()
  const rows: RosterPreviewRow[] = []
  for (const { row, cells } of sheet as SheetRow<RosterColumn | `attribute:${number}`>[]) {
    const problems: string[] = []
    let { team, division, firstName, lastName } = cells
    if (!firstName && !lastName && cells.player) {
      const [first = '', ...rest] = cells.player.split(' ')
      firstName = first
      lastName = rest.join(' ')
      if (!lastName) problems.push(`Give "${cells.player}" a first and a last name`)
    }
    const hasPlayer = Boolean(firstName || lastName)
    if (!team) problems.push('Team is required')
    checkText(team, 'Team name', 120, problems)
    checkText(division, 'Division', 120, problems)
    if (hasPlayer && !firstName) problems.push('First name is required')
    if (hasPlayer && !lastName) problems.push('Last name is required')
    checkText(firstName, 'First name', 60, problems)
    checkText(lastName, 'Last name', 60, problems)
    const captainText = cells.captain.toLowerCase()
    const captain = YES.has(captainText) || yesWords.some((word) => nameKey(word) === captainText || plain(word) === captainText)
    if (!captain && !NO.has(captainText)) problems.push(`Captain is "${cells.captain}": write yes or leave it empty`)
    if (captain && !hasPlayer) problems.push('A captain row needs the player')
    const email = cells.email ? importEmail(cells.email) : null
    if (cells.email && !email) problems.push(`E-mail "${cells.email}" is not a valid e-mail address`)
    if (email && !hasPlayer) problems.push("E-mail needs the player's name")
    const values: { attribute: PlayerAttribute; value: string }[] = []
    for (const attribute of attributes) {
      const raw = cells[`attribute:${attribute.id}`]
      if (!raw) continue
      if (!hasPlayer) {
        problems.push(`${attribute.name} needs the player's name`)
        continue
      }
      const checked = attributeValue(attribute, raw)
      if ('problem' in checked) problems.push(checked.problem)
      else values.push({ attribute, value: checked.value })
    }

    const teamKey = nameKey(team)
    let plan = team ? teams.get(teamKey) : undefined
    if (team && !plan && problems.length === 0) {
      const here = inLeague.get(teamKey)
      const before = history.get(teamKey)
      plan = here
        ? {
            key: teamKey,
            name: here.name,
            status: 'inLeague',
            teamId: here.teamId,
            sltId: here.sltId,
            currentDivisionId: here.divisionId,
            division: null,
          }
        : before
          ? { key: teamKey, name: before.name, status: 'existing', teamId: before.id, division: null }
          : { key: teamKey, name: team.replace(/\s+/g, ' '), status: 'new', division: null }
      teams.set(teamKey, plan)
    }
    if (plan && division) {
      // One spelling per division: the existing one's, else the first row's that names it.
      const key = nameKey(division)
      if (!spelling.has(key)) spelling.set(key, divisions.get(key)?.name ?? division.replace(/\s+/g, ' '))
      const exact = spelling.get(key) as string
      if (plan.division !== null && nameKey(plan.division) !== nameKey(exact)) {
        problems.push(`${plan.name} is in division ${plan.division} on row ${plan.divisionRow}`)
      } else if (plan.division === null) {
        plan.division = exact
        plan.divisionRow = row
      }
    }
    if (plan && captain && plan.captainRow !== undefined && plan.captainRow !== row) {
      problems.push(`${plan.name} already has its captain on row ${plan.captainRow}`)
    }

    const key = hasPlayer ? playerKey(firstName, lastName) : ''
    const both = `${teamKey}\u0001${key}`
    if (team && seen.has(both)) {
      problems.push(hasPlayer ? `The same player and team as row ${seen.get(both)}` : `The same team as row ${seen.get(both)}`)
    }
    const candidates = hasPlayer
      ? (byName.get(key) ?? []).map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName, team: null }))
      : []
    const rostered = plan?.sltId ? candidates.find((p) => onRoster.has(`${plan.sltId}:${p.id}`)) : undefined
    let choice: RosterPreviewRow['choice'] = null
    let playerId: number | null = null
    if (candidates.length > 0) {
      const chosen = choices.get(row)
      if (chosen === 'new') choice = 'new'
      else if (typeof chosen === 'number') {
        if (!candidates.some((p) => p.id === chosen)) problems.push('Choose one of the players of this name, or a new player')
        choice = 'existing'
        playerId = chosen
      } else {
        choice = 'existing'
        // The namesake who holds the row's address is the row's player (docs/csv-import-export.md).
        const holder = email ? candidates.find((p) => emailHolder.get(email)?.id === p.id) : undefined
        playerId = (holder ?? rostered ?? at(candidates, 0)).id
      }
    }
    if (email && hasPlayer) {
      const holder = emailHolder.get(email)
      const who = choice === 'existing' ? `p:${playerId}` : `n:${key}`
      const earlier = emailRows.get(email)
      if (holder && (choice !== 'existing' || holder.id !== playerId)) {
        problems.push(`The e-mail address ${email} already belongs to ${holder.firstName} ${holder.lastName}`)
      } else if (earlier && earlier.who !== who) problems.push(`The same e-mail address as row ${earlier.row}`)
      else if (problems.length === 0 && !earlier) emailRows.set(email, { row, who })
    }
    const isOnRoster = choice === 'existing' && plan?.sltId !== undefined && onRoster.has(`${plan.sltId}:${playerId}`)

    if (problems.length === 0) {
      if (team) seen.set(both, row)
      if (plan && captain) plan.captainRow = row
    }
    const status: RowStatus =
      problems.length > 0
        ? 'error'
        : hasPlayer
          ? candidates.length > 0
            ? 'match'
            : 'new'
          : plan?.status === 'new'
            ? 'new'
            : 'match'
    const changed =
      choice === 'existing' ? values.filter((v) => currentValue.get(`${playerId}:${v.attribute.id}`) !== v.value) : []
    const newEmail = choice === 'existing' && email !== null && playerId !== null && emailOf.get(playerId) !== email
    if (email && problems.length === 0) rowEmails.set(row, email)
    const updates = [...changed.map((v) => v.attribute.name), ...(newEmail ? ['E-mail'] : [])]
    const notes = [
      isOnRoster ? 'Already on this team' : null,
      !hasPlayer && plan?.status === 'inLeague' ? 'Team already in this league' : null,
      updates.length > 0 ? `Updates ${updates.join(', ')}` : null,
    ].filter(Boolean)
    rows.push({
      row,
      status,
      message: problems.length > 0 ? problems.join('; ') : notes.length > 0 ? notes.join('; ') : null,
      team: plan?.name ?? team,
      division,
      firstName,
      lastName,
      captain,
      teamStatus: problems.length > 0 ? null : (plan?.status ?? null),
      candidates,
      choice,
      playerId: choice === 'existing' ? playerId : null,
      onRoster: isOnRoster,
      attributes: Object.fromEntries(values.map((v) => [v.attribute.name, v.value])),
      email: email ?? '',
    })
    rowValues.set(row, values)
  }

  const errors = rows.filter((r) => r.status === 'error').length
  const summary: RosterSummary = {
    rows: rows.length,
    errors,
    newTeams: [...teams.values()].filter((t) => t.status === 'new').length,
    addedTeams: [...teams.values()].filter((t) => t.status === 'existing').length,
    newPlayers: 0,
    existingPlayers: 0,
    unchanged: rows.filter((r) => r.onRoster).length,
  }
  if (errors > 0) return { rows, plan: null, summary, ignored }

  const teamRef = (t: TeamPlan): TeamRef => (t.teamId !== undefined ? { id: t.teamId } : { name: t.name })
  const plan: RosterPlan = {
    newDivisions: [],
    places: [],
    newTeams: [],
    divisionChanges: [],
    newPlayers: [],
    rosterAdds: [],
    captains: [],
    values: [],
  }
  const newDivisionKeys = new Set<string>()
  for (const t of teams.values()) {
    if (t.division !== null && !divisions.has(nameKey(t.division)) && !newDivisionKeys.has(nameKey(t.division))) {
      newDivisionKeys.add(nameKey(t.division))
      plan.newDivisions.push(t.division)
    }
    if (t.status === 'new') plan.newTeams.push(t.name)
    if (t.status !== 'inLeague') plan.places.push({ team: teamRef(t), division: t.division })
    else if (t.division !== null) {
      const current = t.currentDivisionId ? divisionName.get(t.currentDivisionId) : undefined
      if (current === undefined || nameKey(current) !== nameKey(t.division)) {
        plan.divisionChanges.push({ sltId: t.sltId as number, division: t.division })
      }
    }
  }
  const newPlayers = new Map<string, { firstName: string; lastName: string; email?: string | null }>()
  for (const r of rows) {
    if (!r.firstName) continue
    const t = teams.get(nameKey(r.team)) as TeamPlan
    let player: PlayerRef
    const email = rowEmails.get(r.row) ?? null
    if (r.choice === 'existing' && r.playerId !== null) {
      player = { id: r.playerId }
      if (!r.onRoster) summary.existingPlayers++
      const playerId = r.playerId
      if (email && emailOf.get(playerId) !== email && !plan.emails?.some((e) => e.playerId === playerId)) {
        plan.emails = [...(plan.emails ?? []), { playerId, email }]
      }
    } else {
      // One new player per name in one import, whichever teams list them.
      const key = playerKey(r.firstName, r.lastName)
      let created = newPlayers.get(key)
      if (!created) {
        created = { firstName: r.firstName.replace(/\s+/g, ' '), lastName: r.lastName.replace(/\s+/g, ' ') }
        newPlayers.set(key, created)
        plan.newPlayers.push(created)
      }
      if (email && !created.email) created.email = email
      player = created
    }
    if (!r.onRoster) plan.rosterAdds.push({ team: teamRef(t), player })
    if (r.captain) plan.captains.push({ team: teamRef(t), player })
    for (const v of rowValues.get(r.row) ?? []) {
      const unchanged = 'id' in player && currentValue.get(`${player.id}:${v.attribute.id}`) === v.value
      if (!unchanged) plan.values.push({ player, attributeId: v.attribute.id, value: v.value })
    }
  }
  summary.newPlayers = plan.newPlayers.length
  return { rows, plan, summary, ignored }
}

// ---- games ------------------------------------------------------------------------------------

export interface GameState {
  /** Teams in this league this season. */
  leagueTeams: { teamId: number; name: string }[]
  /** The league's games this season. */
  games: {
    id: number
    date: string | null
    time: string | null
    team1Id: number
    team2Id: number
    scoreTeam1: number
    scoreTeam2: number
    status: GameStatus
    location: string | null
  }[]
}

export interface GameValues {
  date: string | null
  time: string | null
  team1Id: number
  team2Id: number
  location: string | null
  status: GameStatus
  scoreTeam1: number
  scoreTeam2: number
}

export interface GamePlan {
  inserts: GameValues[]
  updates: (GameValues & { id: number })[]
}

const STATUS_WORDS: Record<string, GameStatus> = {
  ...Object.fromEntries(GAME_STATUSES.map((s) => [s, s])),
  final: 'completed',
  played: 'completed',
  canceled: 'cancelled',
}

export function readGameSheet(text: string, titles: ColumnTitles = {}) {
  return readSheet<GameColumn>(
    text,
    GAME_COLUMNS,
    (index) =>
      index.home === undefined || index.away === undefined || index.date === undefined
        ? 'The first row must name the columns: Date, Time, Home, Away (Home score, Away score, Status and Location are optional)'
        : null,
    titles,
  )
}

/** Every row of a schedule paste marked new / match / error, and the plan when none is in error. */
export function planGames(
  text: string,
  state: GameState,
  choices: Choices = new Map(),
  /** The organization's zone: a row at a time its clocks skip is an error in the preview already. */
  zone?: string,
  titles: ColumnTitles = {},
): { rows: GamePreviewRow[]; plan: GamePlan | null; summary: GameSummary; ignored: string[] } {
  const { rows: sheet, ignored } = readGameSheet(text, titles)
  const teams = new Map(state.leagueTeams.map((t) => [nameKey(t.name), t]))
  const nameOf = new Map(state.leagueTeams.map((t) => [t.teamId, t.name]))
  const used = new Set<number>()
  const seen = new Map<string, number>()
  const rows: GamePreviewRow[] = []
  const plan: GamePlan = { inserts: [], updates: [] }
  for (const { row, cells } of sheet) {
    const problems: string[] = []
    const date = cells.date ? parseSheetDate(cells.date) : null
    if (cells.date && !date) problems.push(`Date "${cells.date}" is not a date like 2026-01-15`)
    const time = cells.time ? parseSheetTime(cells.time) : null
    if (cells.time && !time) problems.push(`Time "${cells.time}" is not a time like 19:00`)
    // A time the clocks skip would be refused at commit; the preview names it and the next valid one
    // (docs/decisions/2026-11-28-time-zones.md).
    const local = date && time && zone ? resolveLocal(date, time, zone) : null
    if (local && !local.ok && date && time && zone) problems.push(skippedTimeMessage(date, time, zone, local.nextValid))
    const home = cells.home ? teams.get(nameKey(cells.home)) : undefined
    const away = cells.away ? teams.get(nameKey(cells.away)) : undefined
    for (const [side, value, found] of [
      ['Home', cells.home, home],
      ['Away', cells.away, away],
    ] as const) {
      if (!value) problems.push(`${side} team is required`)
      else if (!found) problems.push(`No team named "${value}" in this league this season`)
    }
    if (home && away && home.teamId === away.teamId) problems.push('A game needs two different teams')
    const score = (value: string, side: string) => {
      if (value === '') return null
      if (!/^\d{1,3}$/.test(value)) {
        problems.push(`${side} score "${value}" is not a whole number from 0 to 999`)
        return null
      }
      return Number(value)
    }
    const homeScore = score(cells.homeScore, 'Home')
    const awayScore = score(cells.awayScore, 'Away')
    if ((cells.homeScore === '') !== (cells.awayScore === '')) problems.push('Give both scores or neither')
    const statusWord = cells.status.toLowerCase()
    const gameStatus = statusWord ? (STATUS_WORDS[statusWord] ?? null) : null
    if (statusWord && !gameStatus) problems.push(`Status "${cells.status}" is not one of ${GAME_STATUSES.join(', ')}`)
    checkText(cells.location, 'Location', 200, problems)
    const location = cells.location || null

    const key = `${date}|${home?.teamId}|${away?.teamId}|${time}`
    if (problems.length === 0 && seen.has(key)) problems.push(`The same game as row ${seen.get(key)}`)

    let existing: GameState['games'][number] | undefined
    if (problems.length === 0 && home && away) {
      const same = state.games.filter(
        (g) => !used.has(g.id) && g.date === date && g.team1Id === home.teamId && g.team2Id === away.teamId,
      )
      existing = same.find((g) => time !== null && g.time === time) ?? same[0]
    }
    const chosen = choices.get(row)
    const choice = existing ? (chosen === 'new' ? 'new' : 'existing') : null
    if (existing && chosen !== undefined && chosen !== 'new' && chosen !== 'existing' && chosen !== existing.id) {
      problems.push('Choose the existing game or a new one')
    }
    const scored = homeScore !== null && awayScore !== null
    const changes: string[] = []
    if (problems.length === 0 && home && away) {
      seen.set(key, row)
      if (existing && choice === 'existing') {
        used.add(existing.id)
        const next: GameValues & { id: number } = {
          id: existing.id,
          date: existing.date,
          time: time ?? existing.time,
          team1Id: existing.team1Id,
          team2Id: existing.team2Id,
          location: location ?? existing.location,
          scoreTeam1: homeScore ?? existing.scoreTeam1,
          scoreTeam2: awayScore ?? existing.scoreTeam2,
          status:
            gameStatus ??
            (scored && existing.status === 'scheduled' && (homeScore > 0 || awayScore > 0) ? 'completed' : existing.status),
        }
        if (next.time !== existing.time) changes.push('time')
        if (next.location !== existing.location) changes.push('location')
        if (next.scoreTeam1 !== existing.scoreTeam1 || next.scoreTeam2 !== existing.scoreTeam2) changes.push('score')
        if (next.status !== existing.status) changes.push('status')
        if (changes.length > 0) plan.updates.push(next)
      } else {
        plan.inserts.push({
          date,
          time,
          team1Id: home.teamId,
          team2Id: away.teamId,
          location,
          scoreTeam1: homeScore ?? 0,
          scoreTeam2: awayScore ?? 0,
          status: gameStatus ?? (scored && (homeScore > 0 || awayScore > 0) ? 'completed' : 'scheduled'),
        })
      }
    }
    rows.push({
      row,
      status: problems.length > 0 ? 'error' : existing ? 'match' : 'new',
      message:
        problems.length > 0
          ? problems.join('; ')
          : existing && choice === 'existing'
            ? changes.length > 0
              ? `Updates the ${changes.join(', ')} of the existing game`
              : 'Already in the schedule'
            : null,
      date,
      time,
      home: home ? (nameOf.get(home.teamId) ?? cells.home) : cells.home,
      away: away ? (nameOf.get(away.teamId) ?? cells.away) : cells.away,
      homeScore,
      awayScore,
      gameStatus,
      location,
      gameId: existing?.id ?? null,
      choice,
      changes,
    })
  }
  const errors = rows.filter((r) => r.status === 'error').length
  const summary: GameSummary = {
    rows: rows.length,
    errors,
    newGames: plan.inserts.length,
    updatedGames: plan.updates.length,
    unchanged: rows.filter((r) => r.status === 'match' && r.choice === 'existing' && r.changes.length === 0).length,
  }
  return { rows, plan: errors > 0 ? null : plan, summary, ignored }
}
