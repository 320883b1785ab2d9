// Stops `npm install`, `npm start` and `npm run dev` on a Node too old for the project's scripts
// (TypeScript run by Node itself needs 22.18 or newer), with one line saying what to install.
// CommonJS with no import syntax on purpose: it must run on any Node that npm itself runs on.
const wanted = [22, 18]
const [major, minor] = process.versions.node.split('.').map(Number)
if (major < wanted[0] || (major === wanted[0] && minor < wanted[1])) {
  console.error(
    `Courtside needs Node ${wanted.join('.')} or newer (this is Node ${process.versions.node}): install Node 22 LTS from https://nodejs.org and run the command again.`,
  )
  process.exit(1)
}
