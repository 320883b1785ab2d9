// Reading and writing spreadsheet text (docs/csv-import-export.md): RFC 4180 CSV and the
// tab-separated text a spreadsheet puts on the clipboard, in and out. Pure: the Worker's import and
// export routes and the dashboard's import screen share it.

import { at } from './at'

/** A cell of an export: text, a number, or nothing. */
export type Cell = string | number | null | undefined

const BOM = '\uFEFF'

/** A paste or file that cannot be read as rows at all (an unclosed quote). */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    /** The 1-based row (record) the problem starts on. */
    readonly row: number,
  ) {
    super(message)
    this.name = 'CsvSyntaxError'
  }
}

/**
 * The delimiter of the text's first record: a tab when there is one (a spreadsheet's clipboard),
 * else a comma, else a semicolon (spreadsheets of comma-decimal locales), else a comma.
 */
export function detectDelimiter(text: string): ',' | '\t' | ';' {
  let inQuotes = false
  let commas = 0
  let semicolons = 0
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '"') inQuotes = !inQuotes
    else if (inQuotes) continue
    else if (ch === '\t') return '\t'
    else if (ch === ',') commas++
    else if (ch === ';') semicolons++
    else if (ch === '\n' || ch === '\r') break
  }
  return commas === 0 && semicolons > 0 ? ';' : ','
}

/**
 * Splits CSV or tab-separated text into rows of cells (RFC 4180, read leniently): a leading BOM is
 * dropped; records end at CRLF, LF or CR; a quoted cell may hold delimiters, doubled quotes and
 * line breaks (kept as LF); a quote inside an unquoted cell is an ordinary character. A final line
 * break does not make an empty last row. An unclosed quote throws CsvSyntaxError.
 */
export function parseDelimited(text: string, delimiter: string = detectDelimiter(text)): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let inQuotes = false
  let quotedStartRow = 0
  let atCellStart = true
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const endCell = () => {
    row.push(cell)
    cell = ''
    atCellStart = true
  }
  const endRow = () => {
    endCell()
    rows.push(row)
    row = []
  }
  for (; i < text.length; i++) {
    const ch = text[i]
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"'
          i++
        } else inQuotes = false
      } else if (ch === '\r') {
        cell += '\n'
        if (text[i + 1] === '\n') i++
      } else cell += ch
      continue
    }
    if (ch === '"' && atCellStart) {
      inQuotes = true
      atCellStart = false
      quotedStartRow = rows.length + 1
    } else if (ch === delimiter) endCell()
    else if (ch === '\n') endRow()
    else if (ch === '\r') {
      if (text[i + 1] === '\n') i++
      endRow()
    } else {
      cell += ch
      atCellStart = false
    }
  }
  if (inQuotes) throw new CsvSyntaxError(`The quoted cell that starts on row ${quotedStartRow} is never closed`, quotedStartRow)
  // The last record, unless the text ended with its line break (or was empty).
  if (cell !== '' || row.length > 0 || !atCellStart) endRow()
  return rows
}

/**
 * Cells a spreadsheet would run as a formula (OWASP "CSV injection"): = + - @, a tab or a CR first
 * (and a LF, which a CR inside a cell is read back as). Text that already starts with apostrophes
 * before one of these gets one more, so reading an export back always gives the text it held.
 */
const FORMULA_START = /^'*[=+\-@\t\r\n]/
const ESCAPED_FORMULA = /^'+[=+\-@\t\r\n]/

/** A text cell made safe to open in a spreadsheet: an apostrophe before a would-be formula. */
export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

/** The inverse of escapeFormula, for reading our own exports back. */
export function unescapeFormula(value: string): string {
  return ESCAPED_FORMULA.test(value) ? value.slice(1) : value
}

/** One CSV field: numbers as they are, text formula-escaped and quoted when it must be (RFC 4180). */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  const text = escapeFormula(value)
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * A whole CSV file: UTF-8 BOM (so spreadsheets read the text as UTF-8), the header, the rows,
 * CRLF after every record (RFC 4180).
 */
export function toCsv(header: string[], rows: Cell[][]): string {
  const lines = [header, ...rows].map((r) => r.map(csvField).join(','))
  return `${BOM}${lines.map((line) => `${line}\r\n`).join('')}`
}

// ---- columns --------------------------------------------------------------------------------

export interface ColumnSpec<K extends string = string> {
  key: K
  /** The header an export writes. */
  label: string
  /** Other headers read as this column (compared without case, spaces or punctuation). */
  aliases: string[]
}

/** A header as compared: lower case, letters and digits only ("First Name", "first_name" → "firstname"). */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')

export interface HeaderMap<K extends string> {
  /** Column index of each recognised column. */
  index: Partial<Record<K, number>>
  /** Headers that name no known column (ignored). */
  ignored: string[]
  /** A column named twice (an error: which one is meant?). */
  repeated: string[]
}

/** Which column of the header row holds which field. */
export function mapHeader<K extends string>(header: string[], specs: readonly ColumnSpec<K>[]): HeaderMap<K> {
  const index: Partial<Record<K, number>> = {}
  const ignored: string[] = []
  const repeated: string[] = []
  header.forEach((raw, i) => {
    const key = headerKey(unescapeFormula(raw.trim()))
    if (key === '') return
    const spec = specs.find((s) => headerKey(s.label) === key || s.aliases.includes(key))
    if (!spec) ignored.push(raw.trim())
    else if (index[spec.key] !== undefined) repeated.push(spec.label)
    else index[spec.key] = i
  })
  return { index, ignored, repeated }
}

// ---- dates and times as spreadsheets write them ---------------------------------------------

function calendarDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

/**
 * A date as yyyy-MM-dd from yyyy-MM-dd, yyyy/M/d or the US spreadsheet forms M/d/yyyy and M/d/yy
 * (20yy); null when it is none of these or not a real day.
 */
export function parseSheetDate(value: string): string | null {
  const text = value.trim()
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text)
  if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text)
  if (m) return calendarDate(at(m, 3).length === 2 ? 2000 + Number(m[3]) : Number(m[3]), Number(m[1]), Number(m[2]))
  return null
}

/** A time as HH:mm from 19:00, 7:00, 19:00:00, 7:00 PM, 7 pm or 7PM; null otherwise. */
export function parseSheetTime(value: string): string | null {
  const text = value.trim().toLowerCase().replace(/\./g, '')
  const m = /^(\d{1,2})(?::([0-5]\d)(?::[0-5]\d)?)?\s*(am|pm|a|p)?$/.exec(text)
  if (!m || (m[2] === undefined && m[3] === undefined)) return null
  let hours = Number(m[1])
  const minutes = m[2] ?? '00'
  if (m[3]) {
    if (hours < 1 || hours > 12) return null
    const pm = m[3].startsWith('p')
    hours = (hours % 12) + (pm ? 12 : 0)
  } else if (hours > 23) return null
  return `${String(hours).padStart(2, '0')}:${minutes}`
}

/** A file name safe in a Content-Disposition header and on every file system. */
export function fileName(...parts: string[]): string {
  const base = parts
    .map((p) =>
      p
        .normalize('NFKD')
        .replace(/[^\w\s-]/g, '')
        .trim()
        .replace(/\s+/g, '-'),
    )
    .filter(Boolean)
    .join('-')
    .toLowerCase()
  return `${base || 'export'}.csv`
}
