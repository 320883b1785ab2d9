import { Modal } from './modal'

export interface IssuedPassword {
  username: string
  password: string
}

/** The one showing of a temporary password the server just issued: open while there is one, closed by OK. */
export function TemporaryPasswordModal({ issued, onClose }: { issued: IssuedPassword | null; onClose: () => void }) {
  return (
    <Modal
      open={issued !== null}
      title="Temporary password"
      size="small"
      onClose={onClose}
      footer={
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          OK
        </button>
      }
    >
      {issued ? (
        <p role="alert">
          Temporary password: <code className="temp-password">{issued.password}</code>
          <br />
          <span className="muted">Give it to {issued.username}; it is shown only once.</span>
        </p>
      ) : null}
    </Modal>
  )
}
