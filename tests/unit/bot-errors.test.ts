import { describe, expect, it } from 'vitest'
import { plainErrorForBots } from '~/features/shell/bot-errors.server'

const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const page = (status: number) =>
  new Response('<!doctype html><h1>Error</h1>', {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  })
const request = (ua: string) => new Request('http://localhost/nowhere', { headers: { 'user-agent': ua } })

describe('error responses for bots', () => {
  it('gives a bot a plain answer with the same status instead of the error page', async () => {
    const response = await plainErrorForBots(request(googlebot), page(404))
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toContain('text/plain')
    expect(await response.text()).not.toContain('<h1>')
  })

  it('leaves people’s error pages alone', async () => {
    const response = await plainErrorForBots(request(chrome), page(404))
    expect(await response.text()).toContain('<h1>Error</h1>')
  })

  it('leaves a bot’s successful pages and API errors alone', async () => {
    expect(await (await plainErrorForBots(request(googlebot), page(200))).text()).toContain('<h1>')
    const json = Response.json({ message: 'nope' }, { status: 422 })
    expect(await (await plainErrorForBots(request(googlebot), json)).json()).toEqual({ message: 'nope' })
  })
})
