import { type FormEvent, useId, useState } from 'react'
import { FormError, FormModal } from '../../components/form-modal'
import { useT } from '../../lib/i18n'
import type { RosterPlayer } from './api'
import { PlayerFields, usePlayerFields } from './player-fields'

interface EditPlayerModalProps {
  player: RosterPlayer
  busy: boolean
  error: string | null
  onSubmit: (changes: { firstName: string; lastName: string; image: File | null }) => void
  onClose: () => void
}

/** docs/reference/league-admin.md Admin team page "Edit player modal": first name, last name, photo. */
export function EditPlayerModal({ player, busy, error, onSubmit, onClose }: EditPlayerModalProps) {
  const t = useT()
  const id = useId()
  const fields = usePlayerFields(player)
  const [problem, setProblem] = useState<string | null>(null)
  const formId = `${id}-form`

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (fields.missing) return setProblem(t('admin.player.namesRequired'))
    setProblem(null)
    onSubmit({ firstName: fields.firstName, lastName: fields.lastName, image: fields.image })
  }

  return (
    <FormModal
      title={t('admin.player.edit')}
      onClose={onClose}
      formId={formId}
      onSubmit={submit}
      submitLabel={t('admin.common.saveChanges')}
      busy={busy}
      submitDisabled={fields.preparing}
    >
      <FormError>{problem ?? error}</FormError>
      <PlayerFields id={id} fields={fields} current={player.image} />
    </FormModal>
  )
}
