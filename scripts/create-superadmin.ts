// Prints the SQL that creates the platform organization (if missing) and a super admin, for a new
// production database:
//   node scripts/create-superadmin.ts <username> <password> > admin.sql
//   npx wrangler d1 execute DB --remote --file admin.sql
import { passwordProblem } from '../worker/domain/password-policy.ts'
import { hashPassword } from '../worker/lib/password.ts'

const [username, password] = process.argv.slice(2)
if (!username || !password || password.length < 12) {
  console.error('usage: node scripts/create-superadmin.ts <username> <password of 12+ characters>')
  process.exit(2)
}
// The same rules as every other place a password is set (docs/reference/trust-and-security.md), on top of the 12 characters.
const problem = passwordProblem(password, { username, organizationName: 'Courtside', organizationSlug: 'platform' })
if (problem) {
  console.error(problem)
  process.exit(2)
}
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`
const hash = await hashPassword(password)
console.log(`INSERT INTO organizations (name, slug, is_platform) SELECT 'Courtside', 'platform', 1
  WHERE NOT EXISTS (SELECT 1 FROM organizations WHERE is_platform = 1);`)
console.log(`INSERT INTO users (organization_id, username, role, password_hash)
  SELECT id, ${quote(username)}, 'super_admin', ${quote(hash)} FROM organizations WHERE is_platform = 1 LIMIT 1;`)
