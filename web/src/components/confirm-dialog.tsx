import type { ReactNode } from 'react'
import { useT } from '../lib/i18n'
import { Modal } from './modal'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  message: ReactNode
  confirmLabel?: string
  busy?: boolean
  /** A failure to show inside the dialog, e.g. the server refusing a delete. */
  error?: string | null
  onConfirm: () => void
  onCancel: () => void
}

/** docs/reference/public-site.md §5: deleting anything asks for confirmation first. Cancel holds the initial focus. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT()
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={onCancel} data-autofocus>
            {t('common.cancel')}
          </button>
          <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
            {busy ? t('common.working') : (confirmLabel ?? t('common.delete'))}
          </button>
        </>
      }
    >
      <div className="confirm-message">{message}</div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  )
}
