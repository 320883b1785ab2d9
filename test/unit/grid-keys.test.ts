import { describe, expect, it } from 'vitest'
import {
  type GridShape,
  isBlock,
  moveFor,
  parseBlock,
  pasteBlock,
  pasteRefusal,
  step,
} from '../../web/src/features/games/grid-keys'

const caret = (text: string, start: number | null, end = start) => ({ length: text.length, start, end })

describe('box-score grid: keys', () => {
  it('Enter moves down, Shift+Enter up; Up and Down always move', () => {
    const mid = caret('12', 1)
    expect(moveFor({ key: 'Enter' }, mid)).toBe('down')
    expect(moveFor({ key: 'Enter', shiftKey: true }, mid)).toBe('up')
    expect(moveFor({ key: 'ArrowDown' }, mid)).toBe('down')
    expect(moveFor({ key: 'ArrowUp' }, mid)).toBe('up')
  })

  it('Left and Right move only from the edge of the text, an empty input or a full selection', () => {
    expect(moveFor({ key: 'ArrowLeft' }, caret('12', 0))).toBe('left')
    expect(moveFor({ key: 'ArrowLeft' }, caret('12', 1))).toBeNull()
    expect(moveFor({ key: 'ArrowLeft' }, caret('12', 2))).toBeNull()
    expect(moveFor({ key: 'ArrowRight' }, caret('12', 2))).toBe('right')
    expect(moveFor({ key: 'ArrowRight' }, caret('12', 0))).toBeNull()
    expect(moveFor({ key: 'ArrowRight' }, caret('', 0))).toBe('right')
    expect(moveFor({ key: 'ArrowLeft' }, caret('', 0))).toBe('left')
    // The whole text selected (as focusing a cell leaves it): both ways move.
    expect(moveFor({ key: 'ArrowLeft' }, caret('12', 0, 2))).toBe('left')
    expect(moveFor({ key: 'ArrowRight' }, caret('12', 0, 2))).toBe('right')
    // Part of it selected: the input collapses the selection first.
    expect(moveFor({ key: 'ArrowRight' }, caret('123', 0, 1))).toBeNull()
    // No caret known (a number input): move.
    expect(moveFor({ key: 'ArrowRight' }, caret('12', null))).toBe('right')
  })

  it('leaves other keys and modified keys to the browser', () => {
    const c = caret('', 0)
    expect(moveFor({ key: 'Tab' }, c)).toBeNull()
    expect(moveFor({ key: '7' }, c)).toBeNull()
    expect(moveFor({ key: 'ArrowDown', altKey: true }, c)).toBeNull()
    expect(moveFor({ key: 'Enter', ctrlKey: true }, c)).toBeNull()
    expect(moveFor({ key: 'ArrowLeft', metaKey: true }, c)).toBeNull()
    expect(moveFor({ key: 'ArrowRight', shiftKey: true }, c)).toBeNull()
  })

  // 3 players × PTS, FGM (derived), 2PM, FG% (derived), AST.
  const shape: GridShape = { rows: 3, editable: [true, false, true, false, true] }

  it('steps over derived columns and stops at the edges', () => {
    expect(step({ row: 0, col: 0 }, 'down', shape)).toEqual({ row: 1, col: 0 })
    expect(step({ row: 2, col: 0 }, 'down', shape)).toBeNull()
    expect(step({ row: 0, col: 2 }, 'up', shape)).toBeNull()
    expect(step({ row: 1, col: 2 }, 'up', shape)).toEqual({ row: 0, col: 2 })
    expect(step({ row: 1, col: 0 }, 'right', shape)).toEqual({ row: 1, col: 2 })
    expect(step({ row: 1, col: 2 }, 'right', shape)).toEqual({ row: 1, col: 4 })
    expect(step({ row: 1, col: 4 }, 'right', shape)).toBeNull()
    expect(step({ row: 1, col: 4 }, 'left', shape)).toEqual({ row: 1, col: 2 })
    expect(step({ row: 1, col: 0 }, 'left', shape)).toBeNull()
  })
})

describe('box-score grid: paste', () => {
  const shape: GridShape = { rows: 3, editable: [true, false, true, false, true] }

  it('reads a spreadsheet block: tabs between columns, newlines (CRLF too) between rows, no trailing empty row', () => {
    expect(parseBlock('1\t2\r\n3\t4\r\n')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ])
    expect(parseBlock('5')).toEqual([['5']])
    expect(isBlock('5')).toBe(false)
    expect(isBlock('5\n')).toBe(false)
    expect(isBlock('5\t6')).toBe(true)
    expect(isBlock('5\n6')).toBe(true)
  })

  it('fills right and down from the focused cell, skipping derived columns and what falls outside the grid', () => {
    const text = '10\t4\t3\t60.0\t2\t99\n8\tx\t1\t\t0\n7\t1\t1\t1\t1\n6\t6\t6\t6\t6'
    const result = pasteBlock(text, { row: 1, col: 0 }, shape)
    expect(result).toEqual({
      ok: true,
      cells: [
        { row: 1, col: 0, text: '10' },
        { row: 1, col: 2, text: '3' },
        { row: 1, col: 4, text: '2' },
        { row: 2, col: 0, text: '8' },
        { row: 2, col: 2, text: '1' },
        { row: 2, col: 4, text: '0' },
      ],
    })
  })

  it('starts at the focused column, and an empty copied cell empties its grid cell', () => {
    expect(pasteBlock(' 5 \t\t', { row: 0, col: 2 }, shape)).toEqual({
      ok: true,
      cells: [
        { row: 0, col: 2, text: '5' },
        { row: 0, col: 4, text: '' },
      ],
    })
  })

  it('refuses the whole block when a cell that would be applied is not a whole number 0–999', () => {
    for (const bad of ['abc', '-1', '2.5', '1000', '1e3']) {
      const result = pasteBlock(`1\t0\t2\n3\t0\t${bad}`, { row: 0, col: 0 }, shape)
      expect(result).toEqual({ ok: false, cell: { row: 1, col: 2 }, block: { row: 1, col: 2 }, text: bad })
    }
    // A text on a derived column is ignored, not refused; on an editable one it is.
    expect(pasteBlock('4\tfoo', { row: 0, col: 2 }, shape).ok).toBe(true)
    const refused = pasteBlock('4\t0\tfoo', { row: 0, col: 2 }, shape)
    if (refused.ok) throw new Error('expected a refusal')
    expect(pasteRefusal(refused, 'Ann Lee', 'AST')).toBe(
      'Nothing was pasted: “foo” (row 1, column 3 of the copied cells, for Ann Lee AST) is not a whole number from 0 to 999.',
    )
  })
})
