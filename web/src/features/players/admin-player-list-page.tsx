// Placeholder until this screen is built.
export function AdminPlayerListPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">All Players</h1>
    </section>
  )
}
