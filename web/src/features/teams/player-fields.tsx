import { useState } from 'react'
import { ImageField } from '../../components/image-field'
import { useT } from '../../lib/i18n'

/** A player's first name, last name and photo as the roster modals (add new, edit) keep them. */
export function usePlayerFields(initial?: { firstName: string; lastName: string }) {
  const [firstName, setFirstName] = useState(initial?.firstName ?? '')
  const [lastName, setLastName] = useState(initial?.lastName ?? '')
  const [image, setImage] = useState<File | null>(null)
  // The photo is still being prepared (compressed): saving waits.
  const [preparing, setPreparing] = useState(false)
  return {
    firstName,
    lastName,
    image,
    preparing,
    setFirstName,
    setLastName,
    setImage,
    setPreparing,
    /** docs/reference/league-admin.md: both names are required. */
    missing: !firstName.trim() || !lastName.trim(),
  }
}

export type PlayerFieldsState = ReturnType<typeof usePlayerFields>

function NameField({
  id,
  label,
  value,
  onChange,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} required maxLength={60} onChange={(event) => onChange(event.target.value)} />
    </div>
  )
}

/** docs/reference/league-admin.md Admin team page: first name, last name, photo (`current`: the one it has). */
export function PlayerFields({ id, fields, current }: { id: string; fields: PlayerFieldsState; current?: string | null }) {
  const t = useT()
  return (
    <>
      <div className="form-grid">
        <NameField
          id={`${id}-first`}
          label={t('admin.common.firstName')}
          value={fields.firstName}
          onChange={fields.setFirstName}
        />
        <NameField id={`${id}-last`} label={t('admin.common.lastName')} value={fields.lastName} onChange={fields.setLastName} />
      </div>
      <ImageField
        id={`${id}-image`}
        label={t('admin.common.photo')}
        current={current}
        onChange={fields.setImage}
        onBusyChange={fields.setPreparing}
      />
    </>
  )
}
