// Placeholder until this screen is built.
export function PublicGamePage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Game</h1>
    </section>
  )
}
