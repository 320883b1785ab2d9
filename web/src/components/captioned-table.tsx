import type { ReactNode } from 'react'

export interface CaptionedTableProps {
  className: string
  /** What the table is, for screen readers only. */
  caption: string
  /** The column headers, one a column, left to right. */
  headers: string[]
  /** The body's rows. */
  children: ReactNode
}

/** A plain table: a caption screen readers read, a row of column headers, then the rows given. */
export function CaptionedTable({ className, caption, headers, children }: CaptionedTableProps) {
  return (
    <table className={className}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {headers.map((header) => (
            <th scope="col" key={header}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}
