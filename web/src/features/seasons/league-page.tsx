// Placeholder until this screen is built.
export function LeaguePage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">League</h1>
    </section>
  )
}
