import { type FormEvent, useId, useState } from 'react'
import { TextFieldList, type TextFieldSpec } from '../../components/field'
import { OptionsField } from '../../components/select-field'
import { useT } from '../../lib/i18n'
import { BUSINESS_OPTIONS, type Business, type BusinessInput, type MultiField, type SignupStatus, splitValues } from './api'

type TextKey = Exclude<keyof BusinessInput, MultiField | 'signupStatus' | 'version'>

// Labels and worded placeholders are catalog keys (`business.*`); an address placeholder is shown as it is.
const TEXT_FIELDS: TextFieldSpec<TextKey>[] = [
  { key: 'name', label: 'business.name' },
  { key: 'phone', label: 'business.phone', type: 'tel', autoComplete: 'tel' },
  { key: 'email', label: 'business.email', type: 'email', autoComplete: 'email' },
  { key: 'website', label: 'business.website', type: 'url', placeholder: 'https://' },
  { key: 'location', label: 'business.location', placeholder: 'business.locationPlaceholder' },
  { key: 'facebook', label: 'business.facebook', type: 'url', placeholder: 'https://www.facebook.com/…' },
  { key: 'instagram', label: 'business.instagram', type: 'url', placeholder: 'https://www.instagram.com/…' },
  { key: 'season', label: 'business.season', placeholder: 'business.seasonPlaceholder' },
  { key: 'nextSeason', label: 'business.nextSeason', placeholder: 'business.nextSeasonPlaceholder' },
  { key: 'signupDeadline', label: 'business.signupDeadline', type: 'date' },
  { key: 'cost', label: 'business.cost', placeholder: 'business.costPlaceholder' },
  { key: 'skillLevel', label: 'business.skillLevel', placeholder: 'business.skillLevelPlaceholder' },
]

const SIGNUP_STATUSES: { value: SignupStatus; key: string }[] = [
  { value: 'active', key: 'business.statusActive' },
  { value: 'closed', key: 'business.statusClosed' },
]

const MULTI_FIELDS: { key: MultiField; label: string }[] = [
  { key: 'category', label: 'business.category' },
  { key: 'sport', label: 'business.sport' },
  { key: 'state', label: 'business.state' },
  { key: 'city', label: 'business.city' },
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
  const t = useT()
  const id = useId()
  const fields = TEXT_FIELDS.map((field) => ({
    ...field,
    label: t(field.label),
    placeholder: field.placeholder?.startsWith('business.') ? t(field.placeholder) : field.placeholder,
  }))
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
      setNameError(t('business.nameRequired'))
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
      aria-label={business ? t('business.editLabel') : t('business.addLabel')}
    >
      {error ? (
        <p className="form-error form-wide" role="alert">
          {error}
        </p>
      ) : null}
      <TextFieldList
        idPrefix={id}
        fields={fields}
        values={state}
        required="name"
        defaultType="text"
        autoComplete="off"
        error={problem}
        onChange={(key, value) => setState((current) => ({ ...current, [key]: value }))}
      />
      <OptionsField
        id={`${id}-signupStatus`}
        label={t('business.signupStatus')}
        value={state.signupStatus}
        options={SIGNUP_STATUSES.map(({ value, key }) => ({ value, label: t(key) }))}
        onChange={(value) => setState((current) => ({ ...current, signupStatus: value as SignupStatus }))}
      />
      {MULTI_FIELDS.map((field) => (
        <fieldset className="field checkbox-group form-wide" key={field.key}>
          <legend>{t(field.label)}</legend>
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
          {busy ? t('common.saving') : business ? t('business.update') : t('business.add')}
        </button>
        {business ? (
          <button type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  )
}
