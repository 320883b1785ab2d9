import { type FormEvent, useId, useState } from 'react'
import { useAddAnother } from '../../components/add-another'
import { FieldError, FormModal } from '../../components/form-modal'
import { NameOptions, SelectField } from '../../components/select-field'
import { useT } from '../../lib/i18n'
import { type Team, useLeagues } from './api'

interface TeamFormModalProps {
  /** Absent when creating. */
  team?: Team | null
  busy: boolean
  error: string | null
  /** `another` (creating only): saved with "Add and Add Another"; the form comes back empty. */
  onSubmit: (input: { name: string; leagueId: number | null }, another: boolean) => void
  onClose: () => void
}

/** docs/reference/league-admin.md §5 global team list: create needs a name; update needs a name and a league. */
export function TeamFormModal({ team, busy, error, onSubmit, onClose }: TeamFormModalProps) {
  const t = useT()
  const id = useId()
  const leagues = useLeagues()
  const [name, setName] = useState(team?.name ?? '')
  const [leagueId, setLeagueId] = useState<number | null>(team?.leagueId ?? null)
  const [problems, setProblems] = useState<{ name?: string; league?: string }>({})
  const editing = Boolean(team)
  const formId = `${id}-form`
  const another = useAddAnother()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const more = another.take()
    const next: { name?: string; league?: string } = {}
    if (!name.trim()) next.name = t('admin.teamForm.nameRequired')
    if (editing && !leagueId) next.league = t('admin.teamForm.leagueRequired')
    setProblems(next)
    if (next.name || next.league) return
    onSubmit({ name: name.trim(), leagueId }, more)
  }

  return (
    <FormModal
      title={editing ? t('admin.teamForm.update') : t('admin.teams.create')}
      onClose={onClose}
      formId={formId}
      onSubmit={submit}
      submitLabel={editing ? t('admin.common.update') : t('admin.common.create')}
      busy={busy}
      extraButtons={editing ? null : another.button(formId, busy)}
      alerts={[error]}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('admin.common.teamName')}</label>
        <input
          id={`${id}-name`}
          value={name}
          required
          maxLength={120}
          aria-invalid={problems.name ? true : undefined}
          aria-describedby={problems.name ? `${id}-name-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <FieldError id={`${id}-name-error`}>{problems.name}</FieldError>
      </div>
      <SelectField
        id={`${id}-league`}
        label={t('admin.common.league')}
        value={leagueId ?? ''}
        required={editing}
        aria-invalid={problems.league ? true : undefined}
        aria-describedby={problems.league ? `${id}-league-error` : undefined}
        onChange={(event) => setLeagueId(event.target.value ? Number(event.target.value) : null)}
        after={<FieldError id={`${id}-league-error`}>{problems.league}</FieldError>}
      >
        <option value="">{leagues.isPending ? t('admin.common.loadingLeagues') : t('admin.teamForm.noLeague')}</option>
        <NameOptions items={leagues.data} />
      </SelectField>
    </FormModal>
  )
}
