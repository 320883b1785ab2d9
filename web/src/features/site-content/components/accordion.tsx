import { type ReactNode, useId, useState } from 'react'
import { ChevronIcon } from '../../../components/icons'

export interface AccordionItem {
  heading: string
  body: ReactNode
}

interface AccordionProps {
  items: AccordionItem[]
  /** The level of each item's heading, one below the section it sits in. */
  headingLevel?: 2 | 3 | 4
}

/**
 * The WAI-ARIA accordion pattern: each heading holds a button with aria-expanded and
 * aria-controls. Only one panel is open at a time (docs/reference/public-site.md §2.7, League Info FAQs); opening
 * another closes it, and pressing the open one closes it.
 */
export function Accordion({ items, headingLevel = 3 }: AccordionProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  const baseId = useId()
  const Heading = `h${headingLevel}` as const

  return (
    <div className="accordion">
      {items.map((item, index) => {
        const open = openIndex === index
        const buttonId = `${baseId}-button-${index}`
        const panelId = `${baseId}-panel-${index}`
        return (
          <div key={item.heading} className="accordion-item" data-open={open}>
            <Heading className="accordion-heading">
              <button
                type="button"
                id={buttonId}
                className="accordion-trigger"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
              >
                <span>{item.heading}</span>
                <ChevronIcon />
              </button>
            </Heading>
            <div id={panelId} className="accordion-panel" hidden={!open}>
              {item.body}
            </div>
          </div>
        )
      })}
    </div>
  )
}
