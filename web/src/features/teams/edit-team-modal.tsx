import { type FormEvent, useId, useState } from 'react'
import { FormModal } from '../../components/form-modal'
import { ImageField } from '../../components/image-field'
import { SelectField } from '../../components/select-field'
import { useT } from '../../lib/i18n'
import { type SeasonTeamChanges, type StandingRow, useSeasonTeam } from './api'

interface EditTeamModalProps {
  seasonId: number
  leagueId: number
  team: StandingRow
  busy: boolean
  error: string | null
  onSubmit: (changes: SeasonTeamChanges) => void
  onClose: () => void
}

/** docs/reference/league-admin.md "Edit team": name, logo (compressed to ≤ 1 MB and 800 px first, §5), captain. */
export function EditTeamModal({ seasonId, leagueId, team, busy, error, onSubmit, onClose }: EditTeamModalProps) {
  const t = useT()
  const id = useId()
  const detail = useSeasonTeam(seasonId, leagueId, team.id)
  const [name, setName] = useState(team.name)
  const [captainId, setCaptainId] = useState<number | null>(team.captain_id)
  const [logo, setLogo] = useState<File | null>(null)
  const [compressing, setCompressing] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const formId = `${id}-form`

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!name.trim()) return setProblem(t('admin.teamForm.nameRequired'))
    setProblem(null)
    onSubmit({ name: name.trim(), captainId, logo })
  }

  return (
    <FormModal
      title={t('admin.teamForm.edit')}
      onClose={onClose}
      formId={formId}
      onSubmit={submit}
      submitLabel={compressing ? t('admin.teamForm.preparingLogo') : t('admin.common.saveChanges')}
      busy={busy}
      submitDisabled={compressing}
      alerts={[error, problem]}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('admin.common.teamName')}</label>
        <input id={`${id}-name`} value={name} required maxLength={120} onChange={(event) => setName(event.target.value)} />
      </div>
      <ImageField
        id={`${id}-logo`}
        label={t('admin.common.logo')}
        current={team.logo}
        onChange={setLogo}
        onBusyChange={setCompressing}
      />
      <SelectField
        id={`${id}-captain`}
        label={t('admin.common.captain')}
        value={captainId ?? ''}
        disabled={detail.isPending}
        onChange={(event) => setCaptainId(event.target.value ? Number(event.target.value) : null)}
        after={
          detail.data && detail.data.players.length === 0 ? (
            <span className="field-hint">{t('admin.teamForm.captainHint')}</span>
          ) : null
        }
      >
        <option value="">{detail.isPending ? t('admin.common.loadingPlayers') : t('admin.teamForm.noCaptain')}</option>
        {detail.data?.players.map((player) => (
          <option key={player.id} value={player.id}>
            {player.firstName} {player.lastName}
          </option>
        ))}
      </SelectField>
    </FormModal>
  )
}
