import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { Breadcrumbs } from '../../components/admin-table'
import { useFieldConflict } from '../../components/conflict-dialog'
import { Flash, useFlash } from '../../components/flash'
import { PlayerPhoto } from '../../components/player-photo'
import { RecordPageStatus, validRecordId } from '../../components/record-page-status'
import { ApiError } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { fullName, type PlayerDetail, usePlayer, useUpdatePlayerAttributes, useUpdatePlayerProfile } from './api'
import { PlayerEditForm, type PlayerEdits } from './player-edit-form'
import { SuspensionsSection } from './suspensions-section'
import './players.css'
import { useAdminTitle } from '../../lib/use-admin-title'

/** Where the player's current team is managed: its place in the season's league. */
function teamPath(player: PlayerDetail): string | null {
  const place = player.rosters.find((r) => r.team.id === player.team?.id) ?? player.rosters[0]
  return place ? `/dashboard/seasons/${place.season.id}/leagues/${place.league.id}/teams/${place.team.id}` : null
}

/**
 * docs/reference/league-admin.md Admin player profile: photo, name, team link, visible attributes sorted by order; Edit
 * opens a form of every attribute by type (plus name and photo) with Update and Cancel.
 */
export function AdminPlayerPage() {
  const t = useT()
  const playerId = Number(useParams().playerId)
  const player = usePlayer(playerId)
  const updateAttributes = useUpdatePlayerAttributes(playerId)
  const updateProfile = useUpdatePlayerProfile(playerId)
  const conflict = useFieldConflict<{ firstName: string; lastName: string }>()
  const flash = useFlash()
  const [editing, setEditing] = useState(false)
  const [failure, setFailure] = useState<{ message: string; fields?: Record<string, string> } | null>(null)
  const name = player.data ? fullName(player.data) : t('admin.common.player')

  useAdminTitle(name)

  if (!validRecordId(playerId) || !player.isSuccess) {
    const back = { to: '/playerListAuth', label: t('admin.player.backToAll') }
    return <RecordPageStatus query={player} id={playerId} noun="player" back={back} failed={t('admin.player.fetchFailed')} />
  }

  const data = player.data
  const busy = updateAttributes.isPending || updateProfile.isPending
  const visible = data.attributeValues
    .filter((v) => v.attribute.is_visible)
    .sort((a, b) => a.attribute.order - b.attribute.order || a.attribute_id - b.attribute_id)
  const team = teamPath(data)

  const save = async (edits: PlayerEdits) => {
    setFailure(null)
    try {
      if (Object.keys(edits.attributes).length > 0) await updateAttributes.mutateAsync(edits.attributes)
      const privacy = edits.email !== (data.email ?? '') || edits.hideName !== (data.hideName ?? false)
      if (edits.image || privacy || edits.firstName !== data.firstName || edits.lastName !== data.lastName) {
        await updateProfile.mutateAsync({
          firstName: edits.firstName,
          lastName: edits.lastName,
          email: edits.email,
          hideName: edits.hideName,
          image: edits.image,
          version: data.version,
        })
      }
      setEditing(false)
      flash.show(t('admin.player.updated'))
    } catch (error) {
      // Someone saved this player first: choose field by field (docs/api-concurrency.md).
      const mine = { firstName: edits.firstName, lastName: edits.lastName }
      const resend = (merged: typeof mine, version: number) =>
        updateProfile
          .mutateAsync({ ...merged, image: edits.image, version })
          .then(() => {
            setEditing(false)
            flash.show(t('admin.player.updated'))
          })
          .catch(() => setFailure({ message: t('admin.team.updatePlayerError') }))
      if (conflict.offer(error, mine, { firstName: t('admin.common.firstName'), lastName: t('admin.common.lastName') }, resend)) {
        setEditing(false)
        return
      }
      // docs/reference/league-admin.md §8: Error updating player; the server's field problems show beside their inputs.
      setFailure({ message: t('admin.team.updatePlayerError'), fields: error instanceof ApiError ? error.fields : undefined })
    }
  }

  return (
    <section className="admin-page player-profile">
      <Breadcrumbs>
        <Link to="/playerListAuth">{t('admin.players.title')}</Link>
      </Breadcrumbs>
      <Flash message={flash.message} />
      {conflict.dialog}
      <div className="player-profile-head">
        <PlayerPhoto src={data.image} name={name} size={144} className="player-profile-photo" />
        <div className="player-profile-summary">
          <h1 className="page-title">{name}</h1>
          <p className="player-profile-team">
            {data.team ? (
              team ? (
                <Link to={team}>{data.team.name}</Link>
              ) : (
                data.team.name
              )
            ) : (
              <span className="muted">{t('admin.players.noTeam')}</span>
            )}
          </p>
          {!editing ? (
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setFailure(null)
                setEditing(true)
              }}
            >
              {t('admin.common.edit')}
            </button>
          ) : null}
        </div>
      </div>

      {editing ? (
        <PlayerEditForm
          player={data}
          busy={busy}
          error={failure?.message ?? null}
          serverFields={failure?.fields}
          onSubmit={(edits) => void save(edits)}
          onCancel={() => {
            setFailure(null)
            setEditing(false)
          }}
        />
      ) : (
        <section aria-labelledby="player-attributes" className="card player-attribute-card">
          <h2 id="player-attributes" className="section-title">
            {t('admin.player.attributes')}
          </h2>
          {visible.length === 0 ? (
            <p className="muted">{t('admin.player.noAttributes')}</p>
          ) : (
            <dl className="player-attribute-list">
              {visible.map((value) => (
                <div key={value.attribute_id}>
                  <dt>{value.attribute.attribute_name}</dt>
                  <dd>{value.value || <span className="muted">—</span>}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      )}
      <SuspensionsSection playerId={playerId} name={name} />
    </section>
  )
}
