import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react'
import { useT } from '../lib/i18n'
import { CloseIcon } from './icons'

export interface ModalProps {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  /** Buttons along the bottom edge. */
  footer?: ReactNode
  size?: 'small' | 'medium' | 'large' | 'full'
  /** Hide the title visually (it still names the dialog for screen readers). */
  hideTitle?: boolean
  className?: string
  /** Keys for the whole dialog, wherever focus is inside it (e.g. arrows in a photo viewer). */
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void
}

/**
 * The one modal. A native <dialog> opened with showModal(): the page behind becomes inert, so
 * focus stays inside; Escape closes through onClose; focus goes back to whatever opened it.
 */
export function Modal({ open, ...rest }: ModalProps) {
  return open ? <OpenModal {...rest} /> : null
}

function OpenModal({
  title,
  onClose,
  children,
  footer,
  size = 'medium',
  hideTitle,
  className,
  onKeyDown,
}: Omit<ModalProps, 'open'>) {
  const t = useT()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  // Once unmounted, a late `close` event of this dialog (close() below fires it a task later) must
  // not close whatever the app shows next: Preact keeps an element's own listeners after unmount
  // (docs/decisions/2026-11-28-first-load-in-a-browser.md).
  const mounted = useRef(true)
  const closeFromDialog = () => {
    if (mounted.current) onCloseRef.current()
  }

  useEffect(() => {
    mounted.current = true
    const dialog = dialogRef.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (dialog && !dialog.open) {
      dialog.showModal()
      // Initial focus: the element marked data-autofocus (e.g. Cancel in a confirmation), else the
      // browser's choice (the first focusable element).
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    }
    return () => {
      mounted.current = false
      if (dialog?.open) dialog.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  return (
    <dialog
      ref={dialogRef}
      className={`modal modal-${size}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: let React state decide, so the dialog never closes behind the app's back.
        event.preventDefault()
        closeFromDialog()
      }}
      onClose={closeFromDialog}
      onMouseDown={(event) => {
        // A press on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === event.currentTarget) onCloseRef.current()
      }}
    >
      <div className="modal-panel">
        <header className="modal-header">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : undefined}>
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={() => onCloseRef.current()}>
            <CloseIcon />
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer ? <footer className="modal-footer">{footer}</footer> : null}
      </div>
    </dialog>
  )
}
