// Placeholder until this screen is built.
export function PublicGamesPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Games</h1>
    </section>
  )
}
