import type { InputHTMLAttributes, ReactNode, Ref } from 'react'

export interface FieldProps {
  /** The control's id, which the label points at. */
  id: string
  label: ReactNode
  /** A problem to show under the control; nothing when absent. */
  error?: ReactNode
  /** The error's own id, for a control that names it in aria-describedby. */
  errorId?: string
  /** Classes added after "field" (e.g. "form-wide"). */
  className?: string
  /** The control itself, and any hint after it. */
  children: ReactNode
}

/** A form's one labelled field: the label, the control, and the control's problem when there is one. */
export function Field({ id, label, error, errorId, className, children }: FieldProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <span className="field-error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  )
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  id: string
  label: ReactNode
  value: string
  onChange: (value: string) => void
  /** The problem shown under the input; the input is then marked invalid and described by it. */
  error?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/** A labelled text input whose problem, when there is one, marks it invalid and describes it. */
export function TextField({ id, label, error, onChange, ...input }: TextFieldProps) {
  const errorId = `${id}-error`
  return (
    <Field id={id} label={label} error={error} errorId={errorId}>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  )
}

export interface TextFieldSpec<Key extends string> {
  key: Key
  label: string
  type?: string
  placeholder?: string
  autoComplete?: string
}

export interface TextFieldListProps<Key extends string> {
  /** Each input's id is the prefix, a dash and the field's key; its name is the key. */
  idPrefix: string
  fields: readonly TextFieldSpec<Key>[]
  values: Record<Key, string>
  /** The one field that must be filled in. */
  required?: Key
  /** What a field without its own type gets (none: the browser's default, text). */
  defaultType?: string
  /** What a field without its own autoComplete gets. */
  autoComplete?: string
  error: (key: Key) => ReactNode
  onChange: (key: Key, value: string) => void
}

/** A form's run of plain text inputs, one a described field. */
export function TextFieldList<Key extends string>({
  idPrefix,
  fields,
  values,
  required,
  defaultType,
  autoComplete,
  error,
  onChange,
}: TextFieldListProps<Key>) {
  return fields.map((field) => (
    <TextField
      key={field.key}
      id={`${idPrefix}-${field.key}`}
      label={field.label}
      name={field.key}
      type={field.type ?? defaultType}
      value={values[field.key]}
      placeholder={field.placeholder}
      autoComplete={field.autoComplete ?? autoComplete}
      required={field.key === required}
      error={error(field.key)}
      onChange={(value) => onChange(field.key, value)}
    />
  ))
}

export interface CheckboxFieldProps {
  id: string
  label: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
}

/** A labelled checkbox, its words after the box. */
export function CheckboxField({ id, label, checked, onChange }: CheckboxFieldProps) {
  return (
    <label className="checkbox" htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  )
}
