// Drag-to-reorder helpers shared by every sortable list (dnd-kit). The pointer needs a few pixels
// of travel before a drag starts, so clicks on links and buttons inside a row still work; the
// keyboard sensor makes every drag handle usable without a mouse (Space to lift, arrows to move,
// Space to drop, Escape to cancel), and DndContext announces each step to screen readers.
import { type KeyboardCoordinateGetter, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core'
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable'
import type { ButtonHTMLAttributes } from 'react'
import './lists.css'
import { t } from '../lib/i18n'

export function useDragSensors(coordinateGetter: KeyboardCoordinateGetter = sortableKeyboardCoordinates) {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  )
}

export const GripIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <circle cx="9" cy="6" r="1.6" />
    <circle cx="15" cy="6" r="1.6" />
    <circle cx="9" cy="12" r="1.6" />
    <circle cx="15" cy="12" r="1.6" />
    <circle cx="9" cy="18" r="1.6" />
    <circle cx="15" cy="18" r="1.6" />
  </svg>
)

/**
 * The focusable grip a row is dragged by. Spread dnd-kit's `attributes` and `listeners` onto it;
 * `label` names what moves ("Move Gold").
 */
export function DragHandle({
  label,
  handleRef,
  ...props
}: { label: string; handleRef?: (element: HTMLElement | null) => void } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className="drag-handle" aria-label={label} title={t('common.dragToMove')} ref={handleRef} {...props}>
      <GripIcon />
    </button>
  )
}
