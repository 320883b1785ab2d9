import type { ReactNode, SelectHTMLAttributes } from 'react'

/**
 * The options of a select of named rows (seasons, leagues, teams, divisions): the row's id is the
 * value, its name the text; `markActive` adds " (active)" to the active season.
 */
export function NameOptions({
  items,
  markActive = false,
}: {
  items: readonly { id: number | string; name: string; active?: boolean }[] | undefined
  markActive?: boolean
}) {
  return (items ?? []).map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
      {markActive && item.active ? ' (active)' : ''}
    </option>
  ))
}

/**
 * A labelled select in a form or a filter bar: `<div class="field">`, its label, the select (every
 * other prop goes to it) with `children` as its options, and `after` below it (a hint, an error).
 */
export function SelectField({
  id,
  label,
  after,
  children,
  ...select
}: { id: string; label: ReactNode; after?: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        {children}
      </select>
      {after}
    </div>
  )
}
