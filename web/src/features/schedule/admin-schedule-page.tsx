// Placeholder until this screen is built.
export function AdminSchedulePage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Schedule</h1>
    </section>
  )
}
