import { useRichT, useT } from '../lib/i18n'
import { Modal } from './modal'

export interface IssuedPassword {
  username: string
  password: string
}

/** The one showing of a temporary password the server just issued: open while there is one, closed by OK. */
export function TemporaryPasswordModal({ issued, onClose }: { issued: IssuedPassword | null; onClose: () => void }) {
  const t = useT()
  const richT = useRichT()
  return (
    <Modal
      open={issued !== null}
      title={t('tempPassword.title')}
      size="small"
      onClose={onClose}
      footer={
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          {t('common.ok')}
        </button>
      }
    >
      {issued ? (
        <p role="alert">
          {richT('tempPassword.issued', {
            password: issued.password,
            code: (chunks) => <code className="temp-password">{chunks}</code>,
          })}
          <br />
          <span className="muted">{t('tempPassword.once', { username: issued.username })}</span>
        </p>
      ) : null}
    </Modal>
  )
}
