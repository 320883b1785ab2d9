// Placeholder until this screen is built.
export function UserSettingsPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">User Settings</h1>
    </section>
  )
}
