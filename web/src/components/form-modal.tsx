import type { FormEvent, ReactNode } from 'react'
import { useT } from '../lib/i18n'
import { Modal, type ModalProps } from './modal'

/** What a screen hands the create or edit form it opens: the save's state, and where the values go. */
export interface SaveFormProps<Values> {
  busy: boolean
  /** The server's message when the save failed. */
  error: string | null
  /** Problems the server named, keyed by field (or attribute) name. */
  serverFields?: Record<string, string>
  onSubmit: (values: Values) => void
}

export interface FormModalProps extends Pick<ModalProps, 'title' | 'onClose' | 'size'> {
  /** The form's id: the footer's submit button submits it from outside the form. */
  formId: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  /** The submit button's words, and its words while the request is out. */
  submitLabel: ReactNode
  busy: boolean
  busyLabel?: ReactNode
  /** Disabled for another reason than a request in flight (an image still being prepared). */
  submitDisabled?: boolean
  /** Between Cancel and the submit button (e.g. "Add and Add Another"). */
  extraButtons?: ReactNode
  /** Messages shown above the fields as alerts, in order; empty ones are left out. */
  alerts?: (string | null | undefined)[]
  children: ReactNode
}

/**
 * The create and edit dialogs' one shape: a form whose alerts come first, and a footer of Cancel,
 * any extra buttons, and the submit button, which says "Saving..." while the request is out.
 */
export function FormModal({
  title,
  onClose,
  size,
  formId,
  onSubmit,
  submitLabel,
  busy,
  busyLabel,
  submitDisabled,
  extraButtons,
  alerts = [],
  children,
}: FormModalProps) {
  const t = useT()
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size={size}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          {extraButtons}
          <button type="submit" form={formId} className="button button-primary" disabled={busy || submitDisabled}>
            {busy ? (busyLabel ?? t('common.saving')) : submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} className="form-stack" onSubmit={onSubmit} noValidate>
        {alerts.map((alert, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of slots, one per kind of message
          <FormError key={index}>{alert}</FormError>
        ))}
        {children}
      </form>
    </Modal>
  )
}

/** A form's message as an alert; nothing while there is none (null, undefined, false or ''). */
export function FormError({ children }: { children: ReactNode }) {
  return children ? (
    <p className="form-error" role="alert">
      {children}
    </p>
  ) : null
}

/**
 * A field's problem under it (`id`: what the input's aria-describedby names; `alert` where it is
 * announced at once); nothing while there is none.
 */
export function FieldError({ id, alert = false, children }: { id: string; alert?: boolean; children: ReactNode }) {
  return children ? (
    <span className="field-error" id={id} role={alert ? 'alert' : undefined}>
      {children}
    </span>
  ) : null
}
