import { type FormEvent, useEffect, useId, useState } from 'react'
import { BrandColourFields, brandColoursRefused } from '../../components/brand-colour-fields'
import { CheckboxField, TextFieldList, type TextFieldSpec } from '../../components/field'
import { Modal } from '../../components/modal'
import { OptionsField, optionsOf, SelectField, type SelectOption } from '../../components/select-field'
import { TimeZoneField } from '../../components/time-zone-field'
import type { ApiError } from '../../lib/api-client'
import { type Translate, useT } from '../../lib/i18n'
import { languageName, useShippedLanguages } from '../../lib/languages'
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
    language: organization?.language ?? 'en',
    brandPrimary: organization?.brandPrimary ?? '',
    brandAccent: organization?.brandAccent ?? '',
    sportIds: organization?.sports.map((sport) => sport.id) ?? [],
    logo: null,
    version: organization?.version,
  }
}

type TextField = 'name' | 'domain' | 'slug' | 'facebook_url' | 'instagram_url' | 'youtube_url' | 'customPageUrl'

const F = 'admin.organizations.form'
const textFields = (t: Translate): TextFieldSpec<TextField>[] => [
  { key: 'name', label: t(`${F}.name`) },
  { key: 'domain', label: t(`${F}.domain`), placeholder: t(`${F}.domainPlaceholder`) },
  { key: 'slug', label: t(`${F}.slug`), placeholder: t(`${F}.slugPlaceholder`) },
  { key: 'facebook_url', label: t(`${F}.facebook`), type: 'url' },
  { key: 'instagram_url', label: t(`${F}.instagram`), type: 'url' },
  { key: 'youtube_url', label: t(`${F}.youtube`), type: 'url' },
  { key: 'customPageUrl', label: t(`${F}.customPage`), type: 'url' },
]

const choiceFields = (
  t: Translate,
): { key: 'theme' | 'navigation' | 'homeVariant'; label: string; options: SelectOption[] }[] => [
  { key: 'theme', label: t(`${F}.theme`), options: optionsOf({ light: t(`${F}.light`), dark: t(`${F}.dark`) }) },
  { key: 'navigation', label: t(`${F}.navigation`), options: optionsOf({ full: t(`${F}.full`), small: t(`${F}.small`) }) },
  {
    key: 'homeVariant',
    label: t(`${F}.homePage`),
    options: optionsOf({ history: t(`${F}.history`), stat_leaders: t(`${F}.statLeaders`), empty: t(`${F}.empty`) }),
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
  const t = useT()
  const [input, setInput] = useState(() => initialInput(organization))
  const shipped = useShippedLanguages([input.language])
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
    if (!input.name.trim()) errors.name = t(`${F}.nameRequired`)
    if (input.logo && !input.logo.type.startsWith('image/')) errors.logo = t(`${F}.logoImage`)
    // The contrast rule's refusal is already shown under the colour (BrandColourFields): nothing is sent.
    if (brandColoursRefused(input)) errors.brandColours = t(`${F}.coloursRefused`)
    setLocalErrors(errors)
    if (Object.keys(errors).length === 0) onSubmit(input)
  }

  const formId = `${id}-form`
  return (
    <Modal
      open
      title={editing ? t(`${F}.editTitle`) : t(`${F}.createTitle`)}
      onClose={onClose}
      size="large"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t(`${F}.cancel`)}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={busy}>
            {busy ? t(`${F}.saving`) : editing ? t(`${F}.save`) : t(`${F}.createTitle`)}
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
          fields={textFields(t)}
          values={input}
          required="name"
          defaultType="text"
          error={fieldError}
          onChange={set}
        />
        {choiceFields(t).map((field) => (
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
        <SelectField
          id={`${id}-language`}
          label={t(`${F}.language`)}
          value={input.language}
          aria-invalid={fieldError('language') ? true : undefined}
          onChange={(event) => set('language', event.target.value)}
          after={fieldError('language') ? <span className="field-error">{fieldError('language')}</span> : null}
        >
          {shipped.map((code) => (
            <option key={code} value={code} lang={code}>
              {languageName(code)}
            </option>
          ))}
        </SelectField>
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
            label={t(`${F}.customSite`)}
            checked={input.customSite}
            onChange={(checked) => set('customSite', checked)}
          />
        </div>
        <div className="form-wide">
          <SportsFieldset sports={sports} selected={input.sportIds} onChange={(ids) => set('sportIds', ids)} idPrefix={id} />
        </div>
        <div className="field form-wide logo-field">
          <label htmlFor={`${id}-logo`}>{t(`${F}.logo`)}</label>
          <input
            id={`${id}-logo`}
            name="logo"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            aria-invalid={fieldError('logo') ? true : undefined}
            onChange={(event) => set('logo', event.target.files?.[0] ?? null)}
          />
          {fieldError('logo') ? <span className="field-error">{fieldError('logo')}</span> : null}
          {preview ? <img src={preview} alt={t(`${F}.logoPreview`)} className="logo-preview" /> : null}
        </div>
      </form>
    </Modal>
  )
}
