// Placeholder until this screen is built.
export function AdminPlayerPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Player</h1>
    </section>
  )
}
