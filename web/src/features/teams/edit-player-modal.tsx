import { type FormEvent, useId, useState } from 'react'
import { FormModal } from '../../components/form-modal'
import { ImageField } from '../../components/image-field'
import type { RosterPlayer } from './api'

interface EditPlayerModalProps {
  player: RosterPlayer
  busy: boolean
  error: string | null
  onSubmit: (changes: { firstName: string; lastName: string; image: File | null }) => void
  onClose: () => void
}

/** docs/reference/league-admin.md Admin team page "Edit player modal": first name, last name, photo. */
export function EditPlayerModal({ player, busy, error, onSubmit, onClose }: EditPlayerModalProps) {
  const id = useId()
  const [firstName, setFirstName] = useState(player.firstName)
  const [lastName, setLastName] = useState(player.lastName)
  const [image, setImage] = useState<File | null>(null)
  const [preparing, setPreparing] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const formId = `${id}-form`

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!firstName.trim() || !lastName.trim()) return setProblem('First name and last name are required')
    setProblem(null)
    onSubmit({ firstName, lastName, image })
  }

  return (
    <FormModal
      title="Edit Player"
      onClose={onClose}
      formId={formId}
      onSubmit={submit}
      submitLabel="Save Changes"
      busy={busy}
      submitDisabled={preparing}
    >
      {error || problem ? (
        <p className="form-error" role="alert">
          {problem ?? error}
        </p>
      ) : null}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-first`}>First name</label>
          <input id={`${id}-first`} value={firstName} required maxLength={60} onChange={(e) => setFirstName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-last`}>Last name</label>
          <input id={`${id}-last`} value={lastName} required maxLength={60} onChange={(e) => setLastName(e.target.value)} />
        </div>
      </div>
      <ImageField id={`${id}-image`} label="Photo" current={player.image} onChange={setImage} onBusyChange={setPreparing} />
    </FormModal>
  )
}
