import { type FormEvent, useEffect, useId, useState } from 'react'
import { BrandColourFields, brandColoursRefused } from '../../components/brand-colour-fields'
import { CheckboxField, TextFieldList, type TextFieldSpec } from '../../components/field'
import { Modal } from '../../components/modal'
import { OptionsField, optionsOf, type SelectOption } from '../../components/select-field'
import { TimeZoneField } from '../../components/time-zone-field'
import type { ApiError } from '../../lib/api-client'
import { type Organization, type OrganizationInput, useSports } from './api'
import { SportsFieldset } from './sports-fieldset'

interface OrganizationFormModalProps {
  /** Absent when creating. */
  organization?: Organization | null
  busy: boolean
  /** What the server said about the last attempt, if it failed. */
  error: string | null
  serverFields?: ApiError['fields']
  onSubmit: (input: OrganizationInput) => void
  onClose: () => void
}

function initialInput(organization?: Organization | null): OrganizationInput {
  return {
    name: organization?.name ?? '',
    domain: organization?.domain ?? '',
    slug: organization?.slug ?? '',
    theme: organization?.theme ?? 'light',
    facebook_url: organization?.facebook_url ?? '',
    instagram_url: organization?.instagram_url ?? '',
    youtube_url: organization?.youtube_url ?? '',
    customPageUrl: organization?.customPageUrl ?? '',
    customSite: organization?.customSite ?? false,
    navigation: organization?.navigation ?? 'small',
    homeVariant: organization?.homeVariant ?? 'empty',
    // A new organization starts in the zone of the browser creating it; the form shows it to change.
    timeZone: organization?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    brandPrimary: organization?.brandPrimary ?? '',
    brandAccent: organization?.brandAccent ?? '',
    sportIds: organization?.sports.map((sport) => sport.id) ?? [],
    logo: null,
    version: organization?.version,
  }
}

type TextField = 'name' | 'domain' | 'slug' | 'facebook_url' | 'instagram_url' | 'youtube_url' | 'customPageUrl'

const TEXT_FIELDS: TextFieldSpec<TextField>[] = [
  { key: 'name', label: 'Name' },
  { key: 'domain', label: 'Domain', placeholder: 'league.example.com' },
  { key: 'slug', label: 'Slug', placeholder: 'my-league' },
  { key: 'facebook_url', label: 'Facebook URL', type: 'url' },
  { key: 'instagram_url', label: 'Instagram URL', type: 'url' },
  { key: 'youtube_url', label: 'YouTube URL', type: 'url' },
  { key: 'customPageUrl', label: 'Custom page URL', type: 'url' },
]

const CHOICE_FIELDS: { key: 'theme' | 'navigation' | 'homeVariant'; label: string; options: SelectOption[] }[] = [
  { key: 'theme', label: 'Theme', options: optionsOf({ light: 'Light', dark: 'Dark' }) },
  { key: 'navigation', label: 'Navigation', options: optionsOf({ full: 'Full', small: 'Small' }) },
  {
    key: 'homeVariant',
    label: 'Home page',
    options: optionsOf({ history: 'History', stat_leaders: 'Stat leaders', empty: 'Empty' }),
  },
]

/** docs/reference/public-site.md §2.10 Create Organization / Edit Organization; §5: name required, logo an image. */
export function OrganizationFormModal({
  organization,
  busy,
  error,
  serverFields,
  onSubmit,
  onClose,
}: OrganizationFormModalProps) {
  const [input, setInput] = useState(() => initialInput(organization))
  const [localErrors, setLocalErrors] = useState<Partial<Record<string, string>>>({})
  const [preview, setPreview] = useState<string | null>(organization?.logo_url ?? null)
  const sports = useSports()
  const id = useId()
  const editing = Boolean(organization)

  useEffect(() => {
    if (!input.logo) return
    const url = URL.createObjectURL(input.logo)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [input.logo])

  const fieldError = (key: string) => localErrors[key] ?? serverFields?.[key]
  const set = <Key extends keyof OrganizationInput>(key: Key, value: OrganizationInput[Key]) =>
    setInput((current) => ({ ...current, [key]: value }))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const errors: Record<string, string> = {}
    if (!input.name.trim()) errors.name = 'Name is required'
    if (input.logo && !input.logo.type.startsWith('image/')) errors.logo = 'The logo must be an image file'
    // The contrast rule's refusal is already shown under the colour (BrandColourFields): nothing is sent.
    if (brandColoursRefused(input)) errors.brandColours = 'Choose brand colours that pass WCAG AA, or clear them'
    setLocalErrors(errors)
    if (Object.keys(errors).length === 0) onSubmit(input)
  }

  const formId = `${id}-form`
  return (
    <Modal
      open
      title={editing ? 'Edit Organization' : 'Create Organization'}
      onClose={onClose}
      size="large"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={busy}>
            {busy ? 'Saving...' : editing ? 'Save Changes' : 'Create Organization'}
          </button>
        </>
      }
    >
      <form id={formId} className="form-grid" onSubmit={submit} noValidate>
        {error ? (
          <p className="form-error form-wide" role="alert">
            {error}
          </p>
        ) : null}
        <TextFieldList
          idPrefix={id}
          fields={TEXT_FIELDS}
          values={input}
          required="name"
          defaultType="text"
          error={fieldError}
          onChange={set}
        />
        {CHOICE_FIELDS.map((field) => (
          <OptionsField
            key={field.key}
            id={`${id}-${field.key}`}
            label={field.label}
            value={input[field.key]}
            options={field.options}
            onChange={(value) => set(field.key, value as OrganizationInput[typeof field.key])}
          />
        ))}
        <TimeZoneField
          id={`${id}-timeZone`}
          value={input.timeZone}
          onChange={(zone) => set('timeZone', zone)}
          error={fieldError('timeZone')}
        />
        <div className="form-wide">
          <BrandColourFields
            id={`${id}-brand`}
            value={{ brandPrimary: input.brandPrimary, brandAccent: input.brandAccent }}
            onChange={(colours) => setInput((current) => ({ ...current, ...colours }))}
            errors={serverFields}
          />
          {localErrors.brandColours ? (
            <p className="field-error" role="alert">
              {localErrors.brandColours}
            </p>
          ) : null}
        </div>
        <div className="field field-inline">
          <CheckboxField
            id={`${id}-customSite`}
            label="Custom site"
            checked={input.customSite}
            onChange={(checked) => set('customSite', checked)}
          />
        </div>
        <div className="form-wide">
          <SportsFieldset sports={sports} selected={input.sportIds} onChange={(ids) => set('sportIds', ids)} idPrefix={id} />
        </div>
        <div className="field form-wide logo-field">
          <label htmlFor={`${id}-logo`}>Logo</label>
          <input
            id={`${id}-logo`}
            name="logo"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            aria-invalid={fieldError('logo') ? true : undefined}
            onChange={(event) => set('logo', event.target.files?.[0] ?? null)}
          />
          {fieldError('logo') ? <span className="field-error">{fieldError('logo')}</span> : null}
          {preview ? <img src={preview} alt="Logo preview" className="logo-preview" /> : null}
        </div>
      </form>
    </Modal>
  )
}
