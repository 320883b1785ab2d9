import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react'
import { FieldError, FormError, type SaveFormProps } from '../../components/form-modal'
import { PlayerPhoto } from '../../components/player-photo'
import { compressImage } from '../../lib/compress-image'
import { useT } from '../../lib/i18n'
import type { AttributeType, PlayerDetail } from './api'

export interface PlayerEdits {
  firstName: string
  lastName: string
  image: File | null
  /** The player's private e-mail (docs/members.md "Accounts"); empty clears it. */
  email: string
  /** The public site shows a neutral word instead of the name (docs/members.md "Privacy"). */
  hideName: boolean
  /** Only the attributes whose value changed: attribute id → value (null clears). */
  attributes: Record<string, string | null>
}

interface PlayerEditFormProps extends SaveFormProps<PlayerEdits> {
  player: PlayerDetail
  onCancel: () => void
}

const INPUT_TYPES: Record<AttributeType, string> = { string: 'text', number: 'number', date: 'date' }

/** docs/reference/league-admin.md Admin player profile: every attribute as an input of its type, plus name and photo. */
export function PlayerEditForm({ player, busy, error, serverFields, onSubmit, onCancel }: PlayerEditFormProps) {
  const t = useT()
  const id = useId()
  const [firstName, setFirstName] = useState(player.firstName)
  const [lastName, setLastName] = useState(player.lastName)
  const [email, setEmail] = useState(player.email ?? '')
  const [hideName, setHideName] = useState(player.hideName ?? false)
  const [image, setImage] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [imageState, setImageState] = useState<'idle' | 'compressing' | string>('idle')
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(player.attributeValues.map((v) => [v.attribute_id, v.value ?? ''])),
  )
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({})

  useEffect(() => {
    if (!image) return
    const url = URL.createObjectURL(image)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [image])

  const pickImage = async (file: File | undefined) => {
    if (!file) return
    setImageState('compressing')
    try {
      // docs/reference/league-admin.md §5, §9: at most 1 MB and 800 px on the longest side.
      setImage(await compressImage(file))
      setImageState('idle')
    } catch (problem) {
      setImage(null)
      setImageState(problem instanceof Error ? problem.message : t('admin.player.chooseImage'))
    }
  }

  const attributes = [...player.attributeValues].sort(
    (a, b) => a.attribute.order - b.attribute.order || a.attribute_id - b.attribute_id,
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const errors: Record<string, string> = {}
    if (!firstName.trim()) errors.firstName = t('admin.player.firstRequired')
    if (!lastName.trim()) errors.lastName = t('admin.player.lastRequired')
    setLocalErrors(errors)
    if (Object.keys(errors).length > 0 || imageState === 'compressing') return
    const changed: Record<string, string | null> = {}
    for (const value of player.attributeValues) {
      const next = (values[value.attribute_id] ?? '').trim()
      if (next !== (value.value ?? '')) changed[String(value.attribute_id)] = next === '' ? null : next
    }
    onSubmit({
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      email: email.trim().toLowerCase(),
      hideName,
      image,
      attributes: changed,
    })
  }

  const problem = (key: string) => localErrors[key] ?? serverFields?.[key]
  const field = (key: string, label: string, input: ReactNode) => (
    <div className="field" key={key}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {input}
      <FieldError id={`${id}-${key}-error`}>{problem(key)}</FieldError>
    </div>
  )
  const describedBy = (key: string) => (problem(key) ? `${id}-${key}-error` : undefined)
  const nameField = (key: 'firstName' | 'lastName', label: string, value: string, set: (value: string) => void) =>
    field(
      key,
      label,
      <input
        id={`${id}-${key}`}
        value={value}
        required
        aria-invalid={problem(key) ? true : undefined}
        aria-describedby={describedBy(key)}
        onChange={(event) => set(event.target.value)}
      />,
    )

  return (
    <form className="form-stack player-edit" onSubmit={submit} noValidate aria-label={t('admin.player.editForm')}>
      <FormError>{error}</FormError>
      <div className="form-grid">
        {nameField('firstName', t('admin.common.firstName'), firstName, setFirstName)}
        {nameField('lastName', t('admin.common.lastName'), lastName, setLastName)}
        {field(
          'email',
          t('admin.player.email'),
          <>
            <input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="off"
              value={email}
              aria-invalid={problem('email') ? true : undefined}
              aria-describedby={[`${id}-email-hint`, describedBy('email')].filter(Boolean).join(' ')}
              onChange={(event) => setEmail(event.target.value)}
            />
            <span className="field-hint" id={`${id}-email-hint`}>
              {t('admin.player.emailHint')}
            </span>
          </>,
        )}
        <div className="field form-wide">
          <label className="checkbox" htmlFor={`${id}-hide-name`}>
            <input
              id={`${id}-hide-name`}
              type="checkbox"
              checked={hideName}
              aria-describedby={`${id}-hide-name-hint`}
              onChange={(event) => setHideName(event.target.checked)}
            />{' '}
            {t('admin.player.hideName')}
          </label>
          <span className="field-hint" id={`${id}-hide-name-hint`}>
            {t('admin.player.hideNameHint')}
          </span>
        </div>
        <div className="field form-wide">
          <label htmlFor={`${id}-image`}>{t('admin.common.photo')}</label>
          <div className="player-photo-field">
            <PlayerPhoto
              src={preview ?? player.image}
              name={t('admin.player.photoPreview')}
              size={64}
              className="player-photo-preview"
            />
            <input
              id={`${id}-image`}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(event) => void pickImage(event.target.files?.[0])}
            />
          </div>
          {imageState === 'compressing' ? (
            <span className="field-hint" role="status">
              {t('admin.player.preparingPhoto')}
            </span>
          ) : imageState !== 'idle' ? (
            <span className="field-error">{imageState}</span>
          ) : null}
        </div>
      </div>
      {attributes.length > 0 ? (
        <fieldset className="player-attributes-fieldset">
          <legend>{t('admin.player.attributes')}</legend>
          <div className="form-grid">
            {attributes.map((value) => {
              const name = value.attribute.attribute_name
              const key = `attr-${value.attribute_id}`
              return (
                <div className="field" key={key}>
                  <label htmlFor={`${id}-${key}`}>
                    {name}
                    {value.attribute.is_visible ? null : <span className="muted"> {t('admin.player.hidden')}</span>}
                  </label>
                  <input
                    id={`${id}-${key}`}
                    type={INPUT_TYPES[value.attribute.attribute_type] ?? 'text'}
                    inputMode={value.attribute.attribute_type === 'number' ? 'decimal' : undefined}
                    value={values[value.attribute_id] ?? ''}
                    aria-invalid={serverFields?.[name] ? true : undefined}
                    aria-describedby={serverFields?.[name] ? `${id}-${key}-error` : undefined}
                    onChange={(event) => setValues((current) => ({ ...current, [value.attribute_id]: event.target.value }))}
                  />
                  <FieldError id={`${id}-${key}-error`}>{serverFields?.[name]}</FieldError>
                </div>
              )
            })}
          </div>
        </fieldset>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy || imageState === 'compressing'}>
          {busy ? t('admin.player.updating') : t('admin.common.update')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('admin.common.cancel')}
        </button>
      </div>
    </form>
  )
}
