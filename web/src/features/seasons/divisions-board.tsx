import {
  type Active,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
  useDraggable,
  useDroppable,
} from '@dnd-kit/core'
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { type FormEvent, useId, useState } from 'react'
import { FieldError } from '../../components/form-modal'
import { CloseIcon, TrashIcon } from '../../components/icons'
import { NameOptions } from '../../components/select-field'
import { DragHandle, useDragSensors } from '../../components/sortable'
import { EmptyState } from '../../components/status'
import { t as translate, useT } from '../../lib/i18n'
import type { Division, DivisionsData, StandingRow } from '../../lib/seasons-api'

// Drag ids: divisions and teams share one DndContext, so each id says what it is.
const UNASSIGNED = 'unassigned'
const divisionDragId = (id: number) => `division-${id}`
const teamDragId = (team: StandingRow) => `team-${team.slt_id}`

type DragData = { type: 'division'; division: Division } | { type: 'team'; team: StandingRow; from: number | null }
type DropData = { type: 'division'; division: Division } | { type: 'unassigned' }

const dragData = (active: Active | null) => active?.data.current as DragData | undefined

/** Divisions sort among themselves (closest centre); a team lands in whatever it is over. */
const collisions: CollisionDetection = (args) => {
  if (dragData(args.active)?.type === 'division') {
    return closestCenter({
      ...args,
      droppableContainers: args.droppableContainers.filter((c) => (c.data.current as DropData | undefined)?.type === 'division'),
    })
  }
  const within = pointerWithin(args)
  return within.length > 0 ? within : rectIntersection(args)
}

const FORWARD = ['ArrowDown', 'ArrowRight']
const BACKWARD = ['ArrowUp', 'ArrowLeft']

/**
 * Keyboard moves: a division moves like any sortable item; a team jumps from drop target to drop
 * target (the standings panel, then each division in reading order) with the arrow keys.
 */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { context } = args
  if (dragData(context.active)?.type !== 'team') return sortableKeyboardCoordinates(event, args)
  const forward = FORWARD.includes(event.code)
  if (!forward && !BACKWARD.includes(event.code)) return undefined
  event.preventDefault()
  const targets = context.droppableContainers
    .getEnabled()
    .filter((container) => (container.data.current as DropData | undefined)?.type !== undefined)
    .flatMap((container) => {
      const rect = context.droppableRects.get(container.id)
      return rect ? [{ id: container.id, rect }] : []
    })
    .sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left)
  if (targets.length === 0 || !context.collisionRect) return undefined
  const current = targets.findIndex((target) => target.id === context.over?.id)
  const next =
    current === -1 ? (forward ? 0 : targets.length - 1) : Math.min(targets.length - 1, Math.max(0, current + (forward ? 1 : -1)))
  const target = targets[next]
  if (!target) return undefined
  const { rect } = target
  return {
    x: rect.left + rect.width / 2 - context.collisionRect.width / 2,
    y: rect.top + Math.min(rect.height / 2, 40) - context.collisionRect.height / 2,
  }
}

interface DivisionsBoardProps {
  data: DivisionsData
  onAssign: (team: StandingRow, division: Division) => void
  onRemove: (team: StandingRow, divisionId: number) => void
  onReorder: (ordered: Division[]) => void
  onDelete: (division: Division) => void
  onCreate: (name: string) => void
  creating: boolean
}

/**
 * docs/reference/league-admin.md Season detail: the Current Standings panel (teams not in a division) and the Divisions
 * panel. Teams drag from the standings into a division box, between boxes, or back; boxes reorder
 * by their grip. docs/reference/league-admin.md §4: dropping assigns, × returns the team to the standings.
 */
export function DivisionsBoard({ data, onAssign, onRemove, onReorder, onDelete, onCreate, creating }: DivisionsBoardProps) {
  const t = useT()
  const sensors = useDragSensors(keyboardCoordinates)
  const [dragging, setDragging] = useState<DragData | null>(null)
  const [filter, setFilter] = useState<number | 'all'>('all')
  const filterId = useId()
  const { divisions, unassigned } = data
  const shown = filter === 'all' ? divisions : divisions.filter((division) => division.id === filter)

  const onDragStart = ({ active }: DragStartEvent) => setDragging(dragData(active) ?? null)
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null)
    const moved = dragData(active)
    const target = over?.data.current as DropData | undefined
    if (!moved || !target) return
    if (moved.type === 'division') {
      if (target.type !== 'division' || target.division.id === moved.division.id) return
      const from = divisions.findIndex((division) => division.id === moved.division.id)
      const to = divisions.findIndex((division) => division.id === target.division.id)
      if (from >= 0 && to >= 0) onReorder(arrayMove(divisions, from, to))
      return
    }
    if (target.type === 'division' && target.division.id !== moved.from) onAssign(moved.team, target.division)
    else if (target.type === 'unassigned' && moved.from !== null) onRemove(moved.team, moved.from)
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{ announcements: announcements(divisions) }}
    >
      <div className="division-board">
        <StandingsPanel teams={unassigned} />
        <section className="panel divisions-panel" aria-labelledby={`${filterId}-title`}>
          <div className="panel-heading">
            <h2 className="section-title" id={`${filterId}-title`}>
              {t('admin.divisions.title')}
            </h2>
            {/* docs/reference/league-admin.md: the division filter appears when more than one division exists. */}
            {divisions.length > 1 ? (
              <div className="field field-compact">
                <label htmlFor={filterId} className="visually-hidden">
                  {t('admin.divisions.filter')}
                </label>
                <select
                  id={filterId}
                  value={filter}
                  onChange={(event) => setFilter(event.target.value === 'all' ? 'all' : Number(event.target.value))}
                >
                  <option value="all">{t('admin.divisions.all')}</option>
                  <NameOptions items={divisions} />
                </select>
              </div>
            ) : null}
          </div>
          <AddDivisionForm onCreate={onCreate} busy={creating} />
          {divisions.length === 0 ? (
            <EmptyState>{t('admin.divisions.none')}</EmptyState>
          ) : (
            <SortableContext items={shown.map((division) => divisionDragId(division.id))} strategy={rectSortingStrategy}>
              <ul className="division-list">
                {shown.map((division) => (
                  <DivisionBox
                    key={division.id}
                    division={division}
                    onRemove={(team) => onRemove(team, division.id)}
                    onDelete={() => onDelete(division)}
                  />
                ))}
              </ul>
            </SortableContext>
          )}
        </section>
      </div>
      <DragOverlay dropAnimation={null}>
        {dragging?.type === 'team' ? <TeamChip team={dragging.team} /> : null}
        {dragging?.type === 'division' ? (
          <div className="division-box is-dragging">
            <h3 className="division-name">{dragging.division.name}</h3>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  )
}

function StandingsPanel({ teams }: { teams: StandingRow[] }) {
  const t = useT()
  const { setNodeRef, isOver } = useDroppable({ id: UNASSIGNED, data: { type: 'unassigned' } satisfies DropData })
  const titleId = useId()
  return (
    <section ref={setNodeRef} className={`panel standings-panel${isOver ? ' is-over' : ''}`} aria-labelledby={titleId}>
      <div className="panel-heading">
        <h2 className="section-title" id={titleId}>
          {t('admin.divisions.currentStandings')}
        </h2>
      </div>
      {teams.length === 0 ? (
        <EmptyState>{t('admin.divisions.allAssigned')}</EmptyState>
      ) : (
        <div className="table-scroll">
          <table className="data-table compact-table">
            <caption className="visually-hidden">{t('admin.divisions.unassignedCaption')}</caption>
            <thead>
              <tr>
                <th scope="col" className="cell-select">
                  <span className="visually-hidden">{t('admin.common.move')}</span>
                </th>
                <th scope="col" className="cell-number">
                  {t('admin.common.pos')}
                </th>
                <th scope="col">{t('admin.common.team')}</th>
                <th scope="col">{t('admin.common.league')}</th>
                <th scope="col" className="cell-number">
                  {t('admin.common.winsShort')}
                </th>
                <th scope="col" className="cell-number">
                  {t('admin.common.lossesShort')}
                </th>
              </tr>
            </thead>
            <tbody>
              {teams.map((team, index) => (
                <StandingRowItem key={team.slt_id} team={team} position={index + 1} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function StandingRowItem({ team, position }: { team: StandingRow; position: number }) {
  const t = useT()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: teamDragId(team),
    data: { type: 'team', team, from: null } satisfies DragData,
  })
  return (
    <tr ref={setNodeRef} className={isDragging ? 'is-placeholder' : undefined} data-team-id={team.id}>
      <td className="cell-select">
        <DragHandle
          label={t('admin.divisions.moveTeam', { name: team.name })}
          handleRef={setActivatorNodeRef}
          {...attributes}
          {...listeners}
        />
      </td>
      <td className="cell-number">{position}</td>
      <td>{team.name}</td>
      <td>{team.leagueName}</td>
      <td className="cell-number">{team.wins}</td>
      <td className="cell-number">{team.losses}</td>
    </tr>
  )
}

function DivisionBox({
  division,
  onRemove,
  onDelete,
}: {
  division: Division
  onRemove: (team: StandingRow) => void
  onDelete: () => void
}) {
  const t = useT()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging, isOver, active } =
    useSortable({ id: divisionDragId(division.id), data: { type: 'division', division } satisfies DragData & DropData })
  const teamOver = isOver && dragData(active)?.type === 'team'
  const titleId = useId()
  return (
    <li
      ref={setNodeRef}
      className={`division-box${isDragging ? ' is-dragging' : ''}${teamOver ? ' is-over' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      aria-labelledby={titleId}
      data-division-id={division.id}
    >
      <div className="division-head">
        <DragHandle
          label={t('admin.divisions.moveDivision', { name: division.name })}
          handleRef={setActivatorNodeRef}
          {...attributes}
          {...listeners}
        />
        <h3 id={titleId} className="division-name">
          {division.name}
        </h3>
        <button
          type="button"
          className="icon-button icon-danger"
          aria-label={t('admin.divisions.deleteNamed', { name: division.name })}
          title={t('admin.season.deleteDivision')}
          onClick={onDelete}
        >
          <TrashIcon />
        </button>
      </div>
      {division.teams.length === 0 ? (
        <p className="division-empty muted">{t('admin.divisions.dropHere')}</p>
      ) : (
        <ol className="division-teams" aria-label={t('admin.divisions.teamsIn', { name: division.name })}>
          {division.teams.map((team) => (
            <DivisionTeam key={team.slt_id} team={team} divisionId={division.id} onRemove={() => onRemove(team)} />
          ))}
        </ol>
      )}
    </li>
  )
}

function DivisionTeam({ team, divisionId, onRemove }: { team: StandingRow; divisionId: number; onRemove: () => void }) {
  const t = useT()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: teamDragId(team),
    data: { type: 'team', team, from: divisionId } satisfies DragData,
  })
  return (
    <li ref={setNodeRef} className={`division-team${isDragging ? ' is-placeholder' : ''}`} data-team-id={team.id}>
      <DragHandle
        label={t('admin.common.moveNamed', { name: team.name })}
        handleRef={setActivatorNodeRef}
        {...attributes}
        {...listeners}
      />
      <span className="division-team-name">
        {team.name}
        <span className="muted"> · {team.leagueName}</span>
      </span>
      <span className="division-team-record" title={t('admin.divisions.winsLosses')}>
        {team.wins}-{team.losses}
      </span>
      <button
        type="button"
        className="icon-button icon-small"
        aria-label={t('admin.divisions.removeNamed', { name: team.name })}
        title={t('admin.divisions.remove')}
        onClick={onRemove}
      >
        <CloseIcon />
      </button>
    </li>
  )
}

function TeamChip({ team }: { team: StandingRow }) {
  return (
    <div className="team-chip">
      <strong>{team.name}</strong> <span className="muted">{team.leagueName}</span>
    </div>
  )
}

function AddDivisionForm({ onCreate, busy }: { onCreate: (name: string) => void; busy: boolean }) {
  const t = useT()
  const id = useId()
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // docs/reference/league-admin.md §5: a division name must be non-blank.
    if (!name.trim()) return setProblem(t('admin.divisions.nameRequired'))
    setProblem(null)
    onCreate(name.trim())
    setName('')
  }
  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id} className="visually-hidden">
          {t('admin.divisions.name')}
        </label>
        <input
          id={id}
          value={name}
          placeholder={t('admin.divisions.name')}
          maxLength={120}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <FieldError id={`${id}-error`} alert>
          {problem}
        </FieldError>
      </div>
      <button type="submit" className="button button-primary" disabled={busy}>
        {t('admin.divisions.add')}
      </button>
    </form>
  )
}

/** Screen-reader announcements in the league's words rather than drag ids. */
function announcements(divisions: Division[]) {
  const describe = (active: Active | null) => {
    const data = dragData(active)
    if (!data) return translate('admin.drag.item')
    return data.type === 'team' ? data.team.name : translate('admin.drag.division', { name: data.division.name })
  }
  const target = (over: { data: { current?: unknown } } | null) => {
    const data = over?.data.current as DropData | undefined
    if (!data) return null
    return data.type === 'unassigned' ? translate('admin.divisions.currentStandings') : data.division.name
  }
  const position = (id: UniqueIdentifier | undefined) => divisions.findIndex((division) => divisionDragId(division.id) === id) + 1
  return {
    onDragStart: ({ active }: { active: Active }) => translate('admin.drag.pickedUp', { name: describe(active) }),
    onDragOver: ({ active, over }: { active: Active; over: { id: UniqueIdentifier; data: { current?: unknown } } | null }) => {
      if (!over) return translate('admin.drag.noTarget', { name: describe(active) })
      return dragData(active)?.type === 'division'
        ? translate('admin.drag.movedTo', { name: describe(active), place: position(over.id), total: divisions.length })
        : translate('admin.drag.isOver', { name: describe(active), target: target(over) })
    },
    onDragEnd: ({ active, over }: { active: Active; over: { id: UniqueIdentifier; data: { current?: unknown } } | null }) =>
      over
        ? translate('admin.drag.droppedOn', { name: describe(active), target: target(over) ?? translate('admin.drag.itsPlace') })
        : translate('admin.drag.dropped', { name: describe(active) }),
    onDragCancel: ({ active }: { active: Active }) => translate('admin.drag.cancelled', { name: describe(active) }),
  }
}
