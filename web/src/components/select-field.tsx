import type { ReactNode, SelectHTMLAttributes } from 'react'
import { useT } from '../lib/i18n'
import { Field } from './field'

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
  const t = useT()
  return (items ?? []).map((item) => (
    <option key={item.id} value={item.id}>
      {markActive && item.active ? t('common.activeSeason', { name: item.name }) : item.name}
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
    <Field id={id} label={label}>
      <select id={id} {...select}>
        {children}
      </select>
      {after}
    </Field>
  )
}

export interface SelectOption {
  value: string | number
  label: ReactNode
}

export interface OptionsFieldProps {
  id: string
  label: ReactNode
  value: string | number
  options: readonly SelectOption[]
  onChange: (value: string) => void
  /** The first option, whose value is empty (e.g. "All records"). */
  emptyOption?: ReactNode
  disabled?: boolean
  required?: boolean
}

/** A labelled drop-down of these options (SelectField above), an optional empty first choice before them. */
export function OptionsField({ options, onChange, emptyOption, ...select }: OptionsFieldProps) {
  return (
    <SelectField {...select} onChange={(event) => onChange(event.target.value)}>
      {emptyOption === undefined ? null : <option value="">{emptyOption}</option>}
      <Options options={options} />
    </SelectField>
  )
}

/** A drop-down's options, one a value. */
export function Options({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ))
}

/** Options from a value-to-words record, in the record's order. */
export function optionsOf<Value extends string>(labels: Record<Value, ReactNode>): SelectOption[] {
  return (Object.keys(labels) as Value[]).map((value) => ({ value, label: labels[value] }))
}

/** The option of a record that has an id and a name (a league, a team, a bracket). */
export const namedOption = (row: { id: number; name: string }): SelectOption => ({ value: row.id, label: row.name })
