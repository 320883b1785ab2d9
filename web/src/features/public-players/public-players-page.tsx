// Placeholder until this screen is built.
export function PublicPlayersPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Players</h1>
    </section>
  )
}
