import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react'
import './table-scroll.css'
import { useT } from '../lib/i18n'

export interface TableScrollProps {
  /** Names the scroll region for screen readers and keyboard users, e.g. "Standings". */
  label: string
  /** Extra class names for the box (next to `table-scroll`). */
  className?: string
  children: ReactNode
}

/**
 * The `.table-scroll` box around a table that may be wider than the screen (docs/phone-tables.md).
 * While the table fits it is the plain box. Once it does not, a "Scroll for more →" line says so
 * (the shade on the side with more comes from `.table-scroll` itself), and the box becomes a
 * named region that takes keyboard focus, so the arrow keys scroll it (axe:
 * scrollable-region-focusable). A table that fits adds no tab stop.
 */
export function TableScroll({ label, className, children }: TableScrollProps) {
  const t = useT()
  const box = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)

  const measure = useCallback(() => {
    const element = box.current
    // One pixel of slack: sub-pixel widths round differently in scrollWidth and clientWidth.
    if (element) setScrolls(element.scrollWidth - element.clientWidth > 1)
  }, [])

  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    // The table itself grows when rows arrive or a column appears.
    for (const child of Array.from(element.children)) observer.observe(child)
    return () => observer.disconnect()
  }, [measure])

  const region = scrolls ? { role: 'region', 'aria-label': t('table.scrolls', { label }), tabIndex: 0 } : {}
  return (
    <>
      {scrolls ? (
        <p className="table-scroll-hint" aria-hidden="true">
          {t('table.scrollHint')}
        </p>
      ) : null}
      <div ref={box} className={className ? `table-scroll ${className}` : 'table-scroll'} {...region}>
        {children}
      </div>
    </>
  )
}
