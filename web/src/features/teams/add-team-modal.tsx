import { type FormEvent, useId, useMemo, useState } from 'react'
import { useAddAnother } from '../../components/add-another'
import { FormModal } from '../../components/form-modal'
import { useT } from '../../lib/i18n'
import { type NewSeasonTeamInput, type Team, useTeams } from './api'
import { ExistingPicker } from './existing-picker'

/** docs/reference/league-admin.md §9: search dropdowns show at most 10 matches. */
const MAX_MATCHES = 10

interface AddTeamModalProps {
  busy: boolean
  error: string | null
  /** Ids already in this league, left out of the search. */
  excludeIds: number[]
  /** `another`: saved with "Add and Add Another", so the form comes back empty for the next one. */
  onSubmit: (input: NewSeasonTeamInput, label: string, another: boolean) => void
  onClose: () => void
}

/**
 * docs/reference/league-admin.md Season league teams "Add team": type a new name, or search the organization's teams and
 * pick one to copy. §5: an existing pick sends copyFromTeamId, otherwise the trimmed name.
 */
export function AddTeamModal({ busy, error, excludeIds, onSubmit, onClose }: AddTeamModalProps) {
  const t = useT()
  const id = useId()
  const [name, setName] = useState('')
  const [search, setSearch] = useState('')
  const [picked, setPicked] = useState<Team | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const teams = useTeams()
  const formId = `${id}-form`
  const another = useAddAnother()

  const matches = useMemo(() => {
    const needle = search.trim().toLowerCase()
    if (!needle) return []
    return (teams.data ?? [])
      .filter((team) => !excludeIds.includes(team.id) && team.name.toLowerCase().includes(needle))
      .slice(0, MAX_MATCHES)
  }, [teams.data, search, excludeIds])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const more = another.take()
    if (picked) return onSubmit({ copyFromTeamId: picked.id }, picked.name, more)
    if (!name.trim()) return setProblem(t('admin.addTeam.required'))
    setProblem(null)
    onSubmit({ name: name.trim() }, name.trim(), more)
  }

  return (
    <FormModal
      title={t('admin.addTeam.title')}
      onClose={onClose}
      formId={formId}
      onSubmit={submit}
      submitLabel={t('admin.addTeam.title')}
      busy={busy}
      extraButtons={another.button(formId, busy)}
      alerts={[error, problem]}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('admin.common.teamName')}</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={120}
          disabled={Boolean(picked)}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <p className="or-divider" aria-hidden="true">
        or
      </p>
      <ExistingPicker
        id={id}
        label={t('admin.addTeam.copy')}
        placeholder={t('admin.addTeam.searchPlaceholder')}
        noun="teams"
        pendingText={t('admin.common.loadingTeams')}
        search={search}
        onSearch={setSearch}
        matches={!search.trim() ? { kind: 'none' } : teams.isPending ? { kind: 'pending' } : { kind: 'found', items: matches }}
        picked={picked}
        onPick={(team) => {
          setPicked(team)
          if (team) setProblem(null)
        }}
        pickedLabel={(team) => (
          <>
            <strong>{team.name}</strong>
            {team.leagueName ? <span className="muted"> · {team.leagueName}</span> : null}
          </>
        )}
        matchLabel={(team) => (
          <>
            {team.name}
            {team.leagueName ? <span className="muted"> · {team.leagueName}</span> : null}
          </>
        )}
      />
    </FormModal>
  )
}
