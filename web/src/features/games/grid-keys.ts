// The box-score grid's keyboard and paste model (docs/decisions/2026-11-25-box-score-grid-keys.md):
// pure functions from a key or a pasted text to where the focus goes or which cells change, so the
// rules are tested without a browser (test/unit/grid-keys.test.ts) and the table component only
// wires them to the inputs. A grid is one team's table: a row per player, a column per visible stat,
// some columns read-only (derived: percentages, FGM/FGA when 2P and 3P are kept).

/** A cell of the grid: row = player index, col = index among the table's visible stat columns. */
export interface GridCell {
  row: number
  col: number
}

export interface GridShape {
  rows: number
  /** One entry per visible column: true where a person types (false: derived, read-only). */
  editable: boolean[]
}

/** What the key handler needs of a keyboard event. */
export interface GridKey {
  key: string
  shiftKey?: boolean
  altKey?: boolean
  ctrlKey?: boolean
  metaKey?: boolean
}

/** What the key handler needs of the focused input: its text and selection (null: not known). */
export interface Caret {
  length: number
  start: number | null
  end: number | null
}

export type Move = 'up' | 'down' | 'left' | 'right'

/**
 * The move a key asks for in the grid, or null to leave the key to the input. Enter moves down to
 * the same stat of the next player, Shift+Enter up; Up and Down always move; Left and Right move
 * only when the caret cannot go further that way inside the input: at its start (Left) or end
 * (Right), or when the input is empty or its whole text is selected. Keys with Alt, Ctrl or Meta
 * are the browser's.
 */
export function moveFor(key: GridKey, caret: Caret): Move | null {
  if (key.altKey || key.ctrlKey || key.metaKey) return null
  switch (key.key) {
    case 'Enter':
      return key.shiftKey ? 'up' : 'down'
    case 'ArrowUp':
      return key.shiftKey ? null : 'up'
    case 'ArrowDown':
      return key.shiftKey ? null : 'down'
    case 'ArrowLeft':
    case 'ArrowRight': {
      if (key.shiftKey) return null
      const left = key.key === 'ArrowLeft'
      if (caret.length === 0) return left ? 'left' : 'right'
      // A number input (or any input that hides its selection) gives no caret: move, as for a full selection.
      if (caret.start === null || caret.end === null) return left ? 'left' : 'right'
      if (caret.start === 0 && caret.end === caret.length) return left ? 'left' : 'right'
      if (caret.start !== caret.end) return null
      if (left) return caret.start === 0 ? 'left' : null
      return caret.end === caret.length ? 'right' : null
    }
    default:
      return null
  }
}

/**
 * The cell a move lands on: the same column in the row above or below, or the nearest editable
 * column to the left or right in the same row (derived columns are stepped over). Null at the
 * grid's edge: the focus stays where it is.
 */
export function step(from: GridCell, move: Move, shape: GridShape): GridCell | null {
  if (move === 'up' || move === 'down') {
    const row = from.row + (move === 'down' ? 1 : -1)
    return row >= 0 && row < shape.rows ? { row, col: from.col } : null
  }
  const delta = move === 'right' ? 1 : -1
  for (let col = from.col + delta; col >= 0 && col < shape.editable.length; col += delta) {
    if (shape.editable[col]) return { row: from.row, col }
  }
  return null
}

/** A pasted text as rows of cells: newline-separated rows (CRLF too), tab-separated columns. */
export function parseBlock(text: string): string[][] {
  const rows = text.replace(/\r\n?/g, '\n').split('\n')
  // A spreadsheet ends its copy with a newline: no empty last row.
  while (rows.length > 0 && rows.at(-1)?.trim() === '') rows.pop()
  return rows.map((row) => row.split('\t'))
}

/** True when a pasted text is a block (more than one cell) rather than one value for the input. */
export const isBlock = (text: string) => /[\t\r\n]/.test(text.replace(/[\r\n]+$/, ''))

/** The largest value a stat cell takes (docs/reference/league-admin.md §5), as in box-score.ts. */
export const MAX_CELL = 999

export type PasteResult =
  | { ok: true; cells: (GridCell & { text: string })[] }
  | { ok: false; cell: GridCell; block: { row: number; col: number }; text: string }

/**
 * The cells a pasted block fills, starting at `at` and going right and down: block cell (r, c)
 * lands on grid cell (at.row + r, at.col + c). Cells that land beyond the grid or on a read-only
 * column are ignored. Every cell that lands on an editable one must be empty or a whole number
 * 0–999, else nothing is applied and the first offender is named.
 */
export function pasteBlock(text: string, at: GridCell, shape: GridShape): PasteResult {
  const cells: (GridCell & { text: string })[] = []
  for (const [r, values] of parseBlock(text).entries()) {
    const row = at.row + r
    if (row >= shape.rows) break
    for (const [c, raw] of values.entries()) {
      const col = at.col + c
      if (col >= shape.editable.length) break
      if (!shape.editable[col]) continue
      const value = raw.trim()
      if (value !== '' && !(/^\d+$/.test(value) && Number(value) <= MAX_CELL)) {
        return { ok: false, cell: { row, col }, block: { row: r, col: c }, text: value }
      }
      cells.push({ row, col, text: value })
    }
  }
  return { ok: true, cells }
}

/** The sentence a refused paste shows, naming the cell by player and stat. */
export function pasteRefusal(refused: Extract<PasteResult, { ok: false }>, player: string, stat: string): string {
  const shown = refused.text.length > 20 ? `${refused.text.slice(0, 20)}…` : refused.text
  return `Nothing was pasted: “${shown}” (row ${refused.block.row + 1}, column ${refused.block.col + 1} of the copied cells, for ${player} ${stat}) is not a whole number from 0 to ${MAX_CELL}.`
}
