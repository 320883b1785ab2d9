// Placeholder until this screen is built.
export function PlayerAttributesPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Player Attributes</h1>
    </section>
  )
}
