import { type FormEvent, useId, useState } from 'react'
import { TextFieldList, type TextFieldSpec } from '../../components/field'
import { OptionsField, optionsOf } from '../../components/select-field'
import { BUSINESS_OPTIONS, type Business, type BusinessInput, type MultiField, type SignupStatus, splitValues } from './api'

type TextKey = Exclude<keyof BusinessInput, MultiField | 'signupStatus' | 'version'>

const TEXT_FIELDS: TextFieldSpec<TextKey>[] = [
  { key: 'name', label: 'Name' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'website', label: 'Website', type: 'url', placeholder: 'https://' },
  { key: 'location', label: 'Location', placeholder: 'Gym or address' },
  { key: 'facebook', label: 'Facebook', type: 'url', placeholder: 'https://www.facebook.com/…' },
  { key: 'instagram', label: 'Instagram', type: 'url', placeholder: 'https://www.instagram.com/…' },
  { key: 'season', label: 'Season', placeholder: 'e.g. Fall 2025' },
  { key: 'nextSeason', label: 'Next season', placeholder: 'e.g. Winter 2026' },
  { key: 'signupDeadline', label: 'Signup deadline', type: 'date' },
  { key: 'cost', label: 'Cost', placeholder: 'e.g. $800 per team' },
  { key: 'skillLevel', label: 'Skill level', placeholder: 'e.g. Intermediate' },
]

const SIGNUP_STATUSES = optionsOf<SignupStatus>({ active: 'Active', closed: 'Closed' })

const MULTI_FIELDS: { key: MultiField; label: string }[] = [
  { key: 'category', label: 'Category' },
  { key: 'sport', label: 'Sport' },
  { key: 'state', label: 'State' },
  { key: 'city', label: 'City' },
]

type FormState = Record<TextKey, string> & Record<MultiField, string[]> & { signupStatus: SignupStatus }

function initialState(business: Business | null): FormState {
  const text = Object.fromEntries(TEXT_FIELDS.map(({ key }) => [key, business?.[key] ?? ''])) as Record<TextKey, string>
  const multi = Object.fromEntries(MULTI_FIELDS.map(({ key }) => [key, splitValues(business?.[key] ?? null)])) as Record<
    MultiField,
    string[]
  >
  return { ...text, ...multi, signupStatus: business?.signupStatus ?? 'active' }
}

/** What the API receives: empty text as null, multi-values comma-separated in option order. */
function toInput(state: FormState): BusinessInput {
  const text = Object.fromEntries(TEXT_FIELDS.map(({ key }) => [key, state[key].trim() || null])) as Record<
    TextKey,
    string | null
  >
  const multi = Object.fromEntries(
    MULTI_FIELDS.map(({ key }) => {
      const chosen = BUSINESS_OPTIONS[key].filter((option) => state[key].includes(option))
      return [key, chosen.length > 0 ? chosen.join(',') : null]
    }),
  ) as Record<MultiField, string | null>
  return { ...text, name: state.name.trim(), ...multi, signupStatus: state.signupStatus }
}

interface BusinessFormProps {
  business: Business | null
  busy: boolean
  error: string | null
  serverFields?: Record<string, string>
  onSubmit: (input: BusinessInput) => void
  onCancel: () => void
}

/**
 * docs/reference/league-admin.md Business page form: every field; category, sport, state and city as checkbox groups.
 * The parent keys it by the business being edited, so switching businesses starts afresh.
 */
export function BusinessForm({ business, busy, error, serverFields, onSubmit, onCancel }: BusinessFormProps) {
  const id = useId()
  const [state, setState] = useState(() => initialState(business))
  const [nameError, setNameError] = useState<string | null>(null)

  const toggle = (key: MultiField, option: string) =>
    setState((current) => ({
      ...current,
      [key]: current[key].includes(option) ? current[key].filter((v) => v !== option) : [...current[key], option],
    }))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!state.name.trim()) {
      setNameError('Name is required')
      return
    }
    setNameError(null)
    onSubmit(toInput(state))
  }

  const problem = (key: string) => (key === 'name' ? (nameError ?? serverFields?.name) : serverFields?.[key])

  return (
    <form
      className="form-grid business-form"
      onSubmit={submit}
      noValidate
      aria-label={business ? 'Edit business' : 'Add business'}
    >
      {error ? (
        <p className="form-error form-wide" role="alert">
          {error}
        </p>
      ) : null}
      <TextFieldList
        idPrefix={id}
        fields={TEXT_FIELDS}
        values={state}
        required="name"
        defaultType="text"
        autoComplete="off"
        error={problem}
        onChange={(key, value) => setState((current) => ({ ...current, [key]: value }))}
      />
      <OptionsField
        id={`${id}-signupStatus`}
        label="Signup status"
        value={state.signupStatus}
        options={SIGNUP_STATUSES}
        onChange={(value) => setState((current) => ({ ...current, signupStatus: value as SignupStatus }))}
      />
      {MULTI_FIELDS.map((field) => (
        <fieldset className="field checkbox-group form-wide" key={field.key}>
          <legend>{field.label}</legend>
          {BUSINESS_OPTIONS[field.key].map((option) => (
            <label className="checkbox" key={option}>
              <input type="checkbox" checked={state[field.key].includes(option)} onChange={() => toggle(field.key, option)} />
              {option}
            </label>
          ))}
          {serverFields?.[field.key] ? <span className="field-error">{serverFields[field.key]}</span> : null}
        </fieldset>
      ))}
      <div className="form-actions form-wide">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving...' : business ? 'Update Business' : 'Add Business'}
        </button>
        {business ? (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  )
}
