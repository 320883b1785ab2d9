// The admin box-score grid's handlers: the keyboard and paste rules of grid-keys.ts wired to one
// team table's inputs (docs/decisions/2026-11-25-box-score-grid-keys.md). Only the admin game page
// imports this, so the public game page, which shares BoxScoreTable, never downloads it.
import type { ClipboardEvent, KeyboardEvent } from 'react'
import { isDerived } from '../../../../worker/domain/derived-stats'
import { hasNamespace, t } from '../../lib/i18n'
import type { RosterPlayer, StatDefinition } from './api'
import { abbreviationsOf } from './box-score'
import { type GridCell, type GridShape, isBlock, MAX_CELL, moveFor, pasteBlock, pasteRefusal, step } from './grid-keys'

export interface CellChange {
  playerId: number
  abbreviation: string
  text: string
}

export interface GridHandlers {
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
  onPaste: (event: ClipboardEvent<HTMLElement>) => void
}

/** The grid cell an input stands for (BoxScoreTable marks its inputs with data-row and data-col). */
function cellOf(target: EventTarget): { input: HTMLInputElement; cell: GridCell } | null {
  if (!(target instanceof HTMLInputElement)) return null
  const { row, col } = target.dataset
  if (row === undefined || col === undefined) return null
  return { input: target, cell: { row: Number(row), col: Number(col) } }
}

export function gridHandlers(options: {
  players: RosterPlayer[]
  stats: StatDefinition[]
  /** Every cell of one paste at once: the editor applies them together. */
  onCells: (changes: CellChange[]) => void
  /** A refused paste's message, or null to clear it. */
  onNotice: (message: string | null) => void
}): GridHandlers {
  const { players, stats, onCells, onNotice } = options
  const abbreviations = abbreviationsOf(stats)
  const shape: GridShape = {
    rows: players.length,
    editable: stats.map((s) => !isDerived(s.abbreviation, abbreviations)),
  }
  return {
    onKeyDown(event) {
      const found = cellOf(event.target)
      if (!found || event.nativeEvent.isComposing) return
      const { input, cell } = found
      const move = moveFor(event, { length: input.value.length, start: input.selectionStart, end: input.selectionEnd })
      if (!move) return
      // The key is the grid's even at its edge (the caret does not jump to the text's end).
      event.preventDefault()
      const to = step(cell, move, shape)
      if (!to) return
      const next = event.currentTarget.querySelector<HTMLInputElement>(`input[data-row="${to.row}"][data-col="${to.col}"]`)
      next?.focus()
      next?.select()
    },
    onPaste(event) {
      const found = cellOf(event.target)
      if (!found) return
      const text = event.clipboardData.getData('text/plain')
      // One value goes into the focused input as the browser pastes it.
      if (!isBlock(text)) return
      event.preventDefault()
      const result = pasteBlock(text, found.cell, shape)
      if (!result.ok) {
        const player = players[result.cell.row]
        const name = player ? `${player.firstName} ${player.lastName}`.trim() : t('admin.grid.row', { row: result.cell.row + 1 })
        const stat = stats[result.cell.col]?.abbreviation ?? ''
        // The sentence in the user's language (admin.grid.refused); grid-keys.ts keeps the English one.
        onNotice(
          hasNamespace('admin')
            ? t('admin.grid.refused', {
                shown: result.text.length > 20 ? `${result.text.slice(0, 20)}…` : result.text,
                row: result.block.row + 1,
                col: result.block.col + 1,
                player: name,
                stat,
                max: MAX_CELL,
              })
            : pasteRefusal(result, name, stat),
        )
        return
      }
      onNotice(null)
      onCells(
        result.cells.flatMap((c) => {
          const player = players[c.row]
          const stat = stats[c.col]
          return player && stat ? [{ playerId: player.id, abbreviation: stat.abbreviation, text: c.text }] : []
        }),
      )
    },
  }
}
