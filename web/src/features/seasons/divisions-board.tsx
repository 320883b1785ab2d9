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
              Divisions
            </h2>
            {/* docs/reference/league-admin.md: the division filter appears when more than one division exists. */}
            {divisions.length > 1 ? (
              <div className="field field-compact">
                <label htmlFor={filterId} className="visually-hidden">
                  Division filter
                </label>
                <select
                  id={filterId}
                  value={filter}
                  onChange={(event) => setFilter(event.target.value === 'all' ? 'all' : Number(event.target.value))}
                >
                  <option value="all">All Divisions</option>
                  <NameOptions items={divisions} />
                </select>
              </div>
            ) : null}
          </div>
          <AddDivisionForm onCreate={onCreate} busy={creating} />
          {divisions.length === 0 ? (
            <EmptyState>No divisions created yet</EmptyState>
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
  const { setNodeRef, isOver } = useDroppable({ id: UNASSIGNED, data: { type: 'unassigned' } satisfies DropData })
  const titleId = useId()
  return (
    <section ref={setNodeRef} className={`panel standings-panel${isOver ? ' is-over' : ''}`} aria-labelledby={titleId}>
      <div className="panel-heading">
        <h2 className="section-title" id={titleId}>
          Current Standings
        </h2>
      </div>
      {teams.length === 0 ? (
        <EmptyState>Every team is in a division.</EmptyState>
      ) : (
        <div className="table-scroll">
          <table className="data-table compact-table">
            <caption className="visually-hidden">Teams not in a division</caption>
            <thead>
              <tr>
                <th scope="col" className="cell-select">
                  <span className="visually-hidden">Move</span>
                </th>
                <th scope="col" className="cell-number">
                  Pos
                </th>
                <th scope="col">Team</th>
                <th scope="col">League</th>
                <th scope="col" className="cell-number">
                  W
                </th>
                <th scope="col" className="cell-number">
                  L
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
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: teamDragId(team),
    data: { type: 'team', team, from: null } satisfies DragData,
  })
  return (
    <tr ref={setNodeRef} className={isDragging ? 'is-placeholder' : undefined} data-team-id={team.id}>
      <td className="cell-select">
        <DragHandle label={`Move ${team.name} to a division`} handleRef={setActivatorNodeRef} {...attributes} {...listeners} />
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
        <DragHandle label={`Move division ${division.name}`} handleRef={setActivatorNodeRef} {...attributes} {...listeners} />
        <h3 id={titleId} className="division-name">
          {division.name}
        </h3>
        <button
          type="button"
          className="icon-button icon-danger"
          aria-label={`Delete division ${division.name}`}
          title="Delete division"
          onClick={onDelete}
        >
          <TrashIcon />
        </button>
      </div>
      {division.teams.length === 0 ? (
        <p className="division-empty muted">Drop teams here</p>
      ) : (
        <ol className="division-teams" aria-label={`Teams in ${division.name}`}>
          {division.teams.map((team) => (
            <DivisionTeam key={team.slt_id} team={team} divisionId={division.id} onRemove={() => onRemove(team)} />
          ))}
        </ol>
      )}
    </li>
  )
}

function DivisionTeam({ team, divisionId, onRemove }: { team: StandingRow; divisionId: number; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: teamDragId(team),
    data: { type: 'team', team, from: divisionId } satisfies DragData,
  })
  return (
    <li ref={setNodeRef} className={`division-team${isDragging ? ' is-placeholder' : ''}`} data-team-id={team.id}>
      <DragHandle label={`Move ${team.name}`} handleRef={setActivatorNodeRef} {...attributes} {...listeners} />
      <span className="division-team-name">
        {team.name}
        <span className="muted"> · {team.leagueName}</span>
      </span>
      <span className="division-team-record" title="Wins-Losses">
        {team.wins}-{team.losses}
      </span>
      <button
        type="button"
        className="icon-button icon-small"
        aria-label={`Remove ${team.name} from the division`}
        title="Remove from division"
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
  const id = useId()
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // docs/reference/league-admin.md §5: a division name must be non-blank.
    if (!name.trim()) return setProblem('Division name is required')
    setProblem(null)
    onCreate(name.trim())
    setName('')
  }
  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id} className="visually-hidden">
          Division name
        </label>
        <input
          id={id}
          value={name}
          placeholder="Division name"
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
        Add Division
      </button>
    </form>
  )
}

/** Screen-reader announcements in the league's words rather than drag ids. */
function announcements(divisions: Division[]) {
  const describe = (active: Active | null) => {
    const data = dragData(active)
    if (!data) return 'Item'
    return data.type === 'team' ? data.team.name : `Division ${data.division.name}`
  }
  const target = (over: { data: { current?: unknown } } | null) => {
    const data = over?.data.current as DropData | undefined
    if (!data) return null
    return data.type === 'unassigned' ? 'Current Standings' : data.division.name
  }
  const position = (id: UniqueIdentifier | undefined) => divisions.findIndex((division) => divisionDragId(division.id) === id) + 1
  return {
    onDragStart: ({ active }: { active: Active }) => `Picked up ${describe(active)}.`,
    onDragOver: ({ active, over }: { active: Active; over: { id: UniqueIdentifier; data: { current?: unknown } } | null }) => {
      if (!over) return `${describe(active)} is not over a drop target.`
      return dragData(active)?.type === 'division'
        ? `${describe(active)} moved to position ${position(over.id)} of ${divisions.length}.`
        : `${describe(active)} is over ${target(over)}.`
    },
    onDragEnd: ({ active, over }: { active: Active; over: { id: UniqueIdentifier; data: { current?: unknown } } | null }) =>
      over ? `${describe(active)} dropped on ${target(over) ?? 'its place'}.` : `${describe(active)} dropped.`,
    onDragCancel: ({ active }: { active: Active }) => `Moving ${describe(active)} cancelled.`,
  }
}
