import { ErrorState, Loading } from './status'

/** An admin screen whose data is still on its way: the page frame with the loading line in it. */
export function AdminPageLoading({ text }: { text: string }) {
  return (
    <section className="admin-page">
      <Loading text={text} />
    </section>
  )
}

/** An admin screen whose data could not be read: the page frame with the error and its retry. */
export function AdminPageError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <section className="admin-page">
      <ErrorState message={message} onRetry={onRetry} />
    </section>
  )
}
