import { type ReactNode, useId, useState } from 'react'
import { ChevronIcon } from '../../../components/icons'

/** docs/reference/league-admin.md Schedule Builder: a section whose heading is a button that shows or hides its body. */
export function CollapsibleSection({
  title,
  defaultOpen = false,
  children,
}: {
  title: string
  defaultOpen?: boolean
  children: ReactNode
}) {
  const [open, setOpen] = useState(defaultOpen)
  const bodyId = useId()
  return (
    <section className="builder-section">
      <h2 className="builder-section-heading">
        <button
          type="button"
          className="builder-section-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className={`builder-chevron${open ? ' is-open' : ''}`}>
            <ChevronIcon />
          </span>
          {title}
        </button>
      </h2>
      <div id={bodyId} className="builder-section-body" hidden={!open}>
        {children}
      </div>
    </section>
  )
}
