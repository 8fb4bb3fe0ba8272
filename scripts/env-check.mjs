// Prints the Node.js that npm scripts use: the `node` devDependency must put Node 22 first on PATH.
const major = Number(process.versions.node.split('.')[0])
console.log(`node ${process.version} (${process.execPath})`)
if (major < 22) {
  console.error('Node 22 or newer is required: run `npm install` (the node@22 devDependency provides it).')
  process.exit(1)
}
