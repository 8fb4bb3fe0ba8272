// The static ceiling for `npm run bench` (issue #21): one page's HTML, held in memory, served by a
// bare node:http server with the same compression the app used for it, so that app req/s ÷ this
// server's req/s says how close rendering comes to sending bytes. Loopback only; stops on SIGTERM.
//
//   node scripts/bench-static-server.mjs <port> <html-file> <gzip|gzip-stored|identity>
//
// `gzip` compresses per response, as the app does for a page it renders; `gzip-stored` compresses
// once and sends those bytes, as the app does for a guest's page from its page cache.
import http from 'node:http'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const [port, file, encoding] = process.argv.slice(2)
const html = readFileSync(file)
const stored = encoding === 'gzip-stored' ? gzipSync(html) : null
const gzipped = encoding !== 'identity'
const server = http.createServer((request, response) => {
  request.resume()
  const body = stored ?? (encoding === 'gzip' ? gzipSync(html) : html)
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': body.length,
    ...(gzipped ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}),
  })
  response.end(body)
})
server.keepAliveTimeout = 10_000
server.listen(Number(port), '127.0.0.1', () => process.send?.('listening'))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
