// Placeholder until this screen is built.
export function LeaderboardPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Leader Board</h1>
    </section>
  )
}
