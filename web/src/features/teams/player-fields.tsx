import { useState } from 'react'
import { ImageField } from '../../components/image-field'

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

/** docs/reference/league-admin.md Admin team page: first name, last name, photo (`current`: the one it has). */
export function PlayerFields({ id, fields, current }: { id: string; fields: PlayerFieldsState; current?: string | null }) {
  return (
    <>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-first`}>First name</label>
          <input
            id={`${id}-first`}
            value={fields.firstName}
            required
            maxLength={60}
            onChange={(event) => fields.setFirstName(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-last`}>Last name</label>
          <input
            id={`${id}-last`}
            value={fields.lastName}
            required
            maxLength={60}
            onChange={(event) => fields.setLastName(event.target.value)}
          />
        </div>
      </div>
      <ImageField
        id={`${id}-image`}
        label="Photo"
        current={current}
        onChange={fields.setImage}
        onBusyChange={fields.setPreparing}
      />
    </>
  )
}
