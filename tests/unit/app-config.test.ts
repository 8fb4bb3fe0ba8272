import { describe, expect, it } from 'vitest'
import { ConfigError, constants, loadServerConfig } from '#app-config'

describe('server configuration', () => {
  it('works with nothing set: embedded database under ./data, port 3000', () => {
    const config = loadServerConfig({})
    expect(config.port).toBe(3000)
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './data/pglite' })
    expect(config.money).toEqual({ currency: 'IRR', vatPercent: 10 })
  })

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadServerConfig({ DATABASE_URL: 'postgres://omdeh:secret@localhost:5432/omdeh' })
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://omdeh:secret@localhost:5432/omdeh' })
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/omdeh' }, 'DATABASE_URL'],
    [{ VAT_PERCENT: '-5' }, 'VAT_PERCENT'],
    [{ VAT_PERCENT: '9.5' }, 'VAT_PERCENT'],
    [{ CURRENCY: 'rial' }, 'CURRENCY'],
    [{ DEMO_MODE: 'yes' }, 'DEMO_MODE'],
    [{ SMS_PROVIDER: 'http' }, 'SMS_PROVIDER'],
    [{ NODE_ENV: 'production' }, 'DEMO_MODE'],
  ])('rejects %o with a message naming %s', (env, name) => {
    expect(() => loadServerConfig(env)).toThrow(ConfigError)
    expect(() => loadServerConfig(env)).toThrow(new RegExp(`\\b${name}\\b`))
  })

  it('lists every bad variable at once', () => {
    try {
      loadServerConfig({ PORT: 'x', CURRENCY: 'rial' })
      expect.unreachable()
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'CURRENCY'])
    }
  })

  it('allows production with demo adapters only when DEMO_MODE=1', () => {
    expect(loadServerConfig({ NODE_ENV: 'production', DEMO_MODE: '1' }).demoMode).toBe(true)
  })

  // Issue #13 §1: the built-in secret is public, so it may only serve a site on this machine.
  it.each(['https://omdeh.example', 'http://192.168.1.20:3000', 'http://[2001:db8::1]:3000'])(
    'refuses the demo with the built-in secret on the non-loopback site %s',
    (site) => {
      const env = { NODE_ENV: 'production', DEMO_MODE: '1', PUBLIC_SITE_URL: site }
      expect(() => loadServerConfig(env)).toThrow(/SESSION_SECRET: required when PUBLIC_SITE_URL/)
      const own = loadServerConfig({ ...env, SESSION_SECRET: 'a-secret-of-this-deployment-0123456789' })
      expect(own.knownSecret).toBe(false)
    },
  )

  it.each(['http://localhost:3000', 'http://127.0.0.1:3100', 'http://[::1]:3000', 'http://shop.localhost'])(
    'runs the demo with the built-in secret on the loopback site %s, shared only when DEMO_PUBLIC=1',
    (site) => {
      const config = loadServerConfig({ NODE_ENV: 'production', DEMO_MODE: '1', PUBLIC_SITE_URL: site })
      expect(config).toMatchObject({ knownSecret: true, demoPublic: false })
      expect(loadServerConfig({ DEMO_MODE: '1', DEMO_PUBLIC: '1', PUBLIC_SITE_URL: site }).demoPublic).toBe(true)
    },
  )

  it('keeps the specification constants', () => {
    expect(constants.auth.accessTokenMinutes).toBe(390)
    expect(constants.history.maxItems).toBe(10)
    expect(constants.toast).toEqual({ timeoutMs: 5000, maxCount: 20, position: 'top-right' })
    expect(constants.queryCache).toEqual({ staleMs: 15000, retries: 3, retryDelayCapMs: 30000, gcMs: 300000 })
    expect(constants.progressBar).toMatchObject({
      heightPx: 5,
      color: 'gold',
      throttleMs: 200,
      durationMs: 2000,
    })
    expect(Math.min(...constants.images.widths)).toBe(320)
    expect(Math.max(...constants.images.widths)).toBe(1536)
  })
})
