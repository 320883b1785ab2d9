import { useCallback, useMemo, useState } from 'react'
import './lists.css'

/**
 * Row selection for bulk actions (docs/reference/league-admin.md: "select" columns and "delete selected"). Ids that
 * disappear from the list (deleted, filtered out) drop out of the selection by themselves.
 */
export function useSelection<Id extends string | number>(visibleIds: readonly Id[]) {
  const [picked, setPicked] = useState<ReadonlySet<Id>>(() => new Set())
  const selected = useMemo(() => visibleIds.filter((id) => picked.has(id)), [visibleIds, picked])

  const toggle = useCallback((id: Id, on?: boolean) => {
    setPicked((current) => {
      const next = new Set(current)
      if (on ?? !next.has(id)) next.add(id)
      else next.delete(id)
      return next
    })
  }, [])
  const toggleAll = useCallback((on: boolean) => setPicked(on ? new Set(visibleIds) : new Set()), [visibleIds])
  const clear = useCallback(() => setPicked(new Set()), [])

  return {
    selected,
    isSelected: (id: Id) => picked.has(id),
    toggle,
    toggleAll,
    clear,
    allSelected: visibleIds.length > 0 && selected.length === visibleIds.length,
    someSelected: selected.length > 0 && selected.length < visibleIds.length,
  }
}

export type Selection<Id extends string | number> = ReturnType<typeof useSelection<Id>>

/** The header checkbox: selects every row, shows "mixed" while only some are. */
export function SelectAllCheckbox<Id extends string | number>({ selection, label }: { selection: Selection<Id>; label: string }) {
  return (
    <input
      type="checkbox"
      className="select-box"
      aria-label={label}
      checked={selection.allSelected}
      ref={(input) => {
        if (input) input.indeterminate = selection.someSelected
      }}
      onChange={(event) => selection.toggleAll(event.target.checked)}
    />
  )
}

export function RowCheckbox<Id extends string | number>({
  selection,
  id,
  label,
}: {
  selection: Selection<Id>
  id: Id
  label: string
}) {
  return (
    <input
      type="checkbox"
      className="select-box"
      aria-label={label}
      checked={selection.isSelected(id)}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => selection.toggle(id, event.target.checked)}
    />
  )
}
