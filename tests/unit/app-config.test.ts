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

  it('keeps media on the local disk under DATA_DIR when no S3 setting is given', () => {
    expect(loadServerConfig({ DATA_DIR: '/srv/omdeh/' }).media).toEqual({
      kind: 'disk',
      root: '/srv/omdeh/media',
    })
  })

  it('puts media in the S3 bucket when S3_BUCKET is set, path-style for a local server', () => {
    const config = loadServerConfig({
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'omdeh-media',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
    })
    expect(config.media).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'omdeh-media',
      region: 'us-east-1',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    })
    const aws = loadServerConfig({
      S3_BUCKET: 'omdeh-media',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).media
    expect(aws).toMatchObject({
      kind: 's3',
      endpoint: undefined,
      region: 'eu-central-1',
      forcePathStyle: false,
    })
  })

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET: required when S3_ENDPOINT is set'],
    [
      { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: '1' },
      'S3_BUCKET: required when S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE are set',
    ],
    [{ S3_BUCKET: 'omdeh-media' }, 'S3_ACCESS_KEY_ID: required when S3_BUCKET is set'],
    [
      { S3_BUCKET: 'omdeh-media', S3_ACCESS_KEY_ID: 'id' },
      'S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set',
    ],
    [{ S3_BUCKET: 'Omdeh_Media' }, 'S3_BUCKET must be a bucket name'],
    [
      { S3_ENDPOINT: 'ftp://files.example', S3_BUCKET: 'omdeh-media' },
      'S3_ENDPOINT must start with http or https:',
    ],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be 0, 1, true or false'],
    [{ S3_REGION: 'EU Central' }, 'S3_REGION must be a region name'],
  ])('refuses the S3 settings %o, saying %j', (env, message) => {
    expect(() => loadServerConfig(env)).toThrow(ConfigError)
    expect(() => loadServerConfig(env)).toThrow(message)
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
      expect(loadServerConfig({ DEMO_MODE: '1', DEMO_PUBLIC: '1', PUBLIC_SITE_URL: site }).demoPublic).toBe(
        true,
      )
    },
  )

  // Issue #35 §2: the demo accounts' password is public; a real deployment must not get them.
  const realProduction = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'a-secret-of-this-deployment-0123456789',
    PUBLIC_SITE_URL: 'https://omdeh.example',
    SMS_PROVIDER: 'http',
    SMS_API_URL: 'https://sms.example/api',
    SMS_API_KEY: 'key',
    PAYMENT_PROVIDER: 'zarinpal',
    ZARINPAL_MERCHANT_ID: '1344b5d4-0048-11e8-94db-005056a205be',
  }

  it('does not load the demo data into an empty database of a production server without DEMO_MODE', () => {
    expect(loadServerConfig(realProduction).seedOnEmpty).toBe(false)
    expect(loadServerConfig({ ...realProduction, SEED_ON_EMPTY: '0' }).seedOnEmpty).toBe(false)
  })

  it.each(['1', 'true'])(
    'stops a production start without DEMO_MODE that asks for the demo data (SEED_ON_EMPTY=%s)',
    (value) => {
      const env = { ...realProduction, SEED_ON_EMPTY: value }
      expect(() => loadServerConfig(env)).toThrow(ConfigError)
      expect(() => loadServerConfig(env)).toThrow(/SEED_ON_EMPTY: .*DEMO_MODE=1.*npm run admin:create/)
    },
  )

  it('loads the demo data in demo mode (npm start) and in development, unless SEED_ON_EMPTY=0', () => {
    expect(loadServerConfig({ NODE_ENV: 'production', DEMO_MODE: '1' }).seedOnEmpty).toBe(true)
    expect(loadServerConfig({ ...realProduction, DEMO_MODE: '1' }).seedOnEmpty).toBe(true)
    expect(loadServerConfig({}).seedOnEmpty).toBe(true)
    expect(loadServerConfig({ NODE_ENV: 'production', DEMO_MODE: '1', SEED_ON_EMPTY: '0' }).seedOnEmpty).toBe(
      false,
    )
    expect(loadServerConfig({ SEED_ON_EMPTY: '0' }).seedOnEmpty).toBe(false)
  })

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
