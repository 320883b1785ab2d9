import { MAX_STAT } from '../box-score'

/**
 * One editable box-score cell (the admin game page's grid, docs/decisions/2026-11-25-box-score-grid-keys.md).
 * A text input with a numeric keyboard: a number input hides its caret, which the arrow keys need;
 * the editor refuses anything but a whole number on save. data-row and data-col place it in the grid
 * for the keyboard and paste handlers (box-score-grid.ts). Focusing it selects its content.
 */
export function StatInput({
  label,
  text,
  row,
  col,
  onChange,
}: {
  label: string
  text: string
  row: number
  col: number
  onChange: (text: string) => void
}) {
  const valid = /^\s*\d*\s*$/.test(text) && Number(text || 0) <= MAX_STAT
  return (
    <input
      type="text"
      className="stat-input"
      inputMode="numeric"
      autoComplete="off"
      aria-label={label}
      aria-invalid={valid ? undefined : true}
      data-row={row}
      data-col={col}
      value={text}
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
