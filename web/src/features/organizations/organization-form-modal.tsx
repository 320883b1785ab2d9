import { type FormEvent, useEffect, useId, useState } from 'react'
import { Modal } from '../../components/modal'
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
    sportIds: organization?.sports.map((sport) => sport.id) ?? [],
    logo: null,
    version: organization?.version,
  }
}

type TextField = 'name' | 'domain' | 'slug' | 'facebook_url' | 'instagram_url' | 'youtube_url' | 'customPageUrl'

const TEXT_FIELDS: { key: TextField; label: string; type?: string; placeholder?: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'domain', label: 'Domain', placeholder: 'league.example.com' },
  { key: 'slug', label: 'Slug', placeholder: 'my-league' },
  { key: 'facebook_url', label: 'Facebook URL', type: 'url' },
  { key: 'instagram_url', label: 'Instagram URL', type: 'url' },
  { key: 'youtube_url', label: 'YouTube URL', type: 'url' },
  { key: 'customPageUrl', label: 'Custom page URL', type: 'url' },
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
        {TEXT_FIELDS.map((field) => {
          const problem = fieldError(field.key)
          return (
            <div className="field" key={field.key}>
              <label htmlFor={`${id}-${field.key}`}>{field.label}</label>
              <input
                id={`${id}-${field.key}`}
                name={field.key}
                type={field.type ?? 'text'}
                value={input[field.key]}
                placeholder={field.placeholder}
                required={field.key === 'name'}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-${field.key}-error` : undefined}
                onChange={(event) => set(field.key, event.target.value)}
              />
              {problem ? (
                <span className="field-error" id={`${id}-${field.key}-error`}>
                  {problem}
                </span>
              ) : null}
            </div>
          )
        })}
        <div className="field">
          <label htmlFor={`${id}-theme`}>Theme</label>
          <select
            id={`${id}-theme`}
            value={input.theme}
            onChange={(event) => set('theme', event.target.value as OrganizationInput['theme'])}
          >
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-navigation`}>Navigation</label>
          <select
            id={`${id}-navigation`}
            value={input.navigation}
            onChange={(event) => set('navigation', event.target.value as OrganizationInput['navigation'])}
          >
            <option value="full">Full</option>
            <option value="small">Small</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-homeVariant`}>Home page</label>
          <select
            id={`${id}-homeVariant`}
            value={input.homeVariant}
            onChange={(event) => set('homeVariant', event.target.value as OrganizationInput['homeVariant'])}
          >
            <option value="history">History</option>
            <option value="stat_leaders">Stat leaders</option>
            <option value="empty">Empty</option>
          </select>
        </div>
        <div className="field field-inline">
          <label className="checkbox" htmlFor={`${id}-customSite`}>
            <input
              id={`${id}-customSite`}
              type="checkbox"
              checked={input.customSite}
              onChange={(event) => set('customSite', event.target.checked)}
            />
            Custom site
          </label>
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
