// Placeholder until the builder is built.
export function ScheduleBuilderPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Schedule Builder</h1>
    </section>
  )
}
