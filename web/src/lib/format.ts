import { format, isValid, parseISO } from 'date-fns'

/** A season's yyyy-MM-dd day as "Jan 5, 2026"; a missing day shows a dash (display: not shown in spec). */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—'
  const date = parseISO(day)
  return isValid(date) ? format(date, 'MMM d, yyyy') : day
}
