// Placeholder until this screen is built.
export function PublicSchedulePage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Schedule</h1>
    </section>
  )
}
