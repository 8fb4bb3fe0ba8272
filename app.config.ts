/**
 * Omdeh's one typed configuration: the specification's fixed constants (§9) and the settings read
 * from the environment. Client code may import `constants` and `publicConfig`; `loadServerConfig`
 * reads `process.env` and is for the server only.
 */
import * as v from 'valibot'

const brandName = 'Omdeh'

/** Spec §9 constants. Fixed by the product, not by the environment. */
export const constants = {
  brand: {
    name: brandName,
    slug: brandName.toLowerCase(),
    plusPath: `/${brandName.toLowerCase()}-plus`,
  },
  auth: {
    accessTokenMinutes: 390,
    refreshTokenDays: 30,
    countryCode: '+98',
    otpChannels: ['sms', 'whatsapp'] as const,
    otpLength: 6,
    otpValidSeconds: 120,
    otpResendSeconds: 60,
    otpMaxAttempts: 5,
  },
  history: { maxItems: 10 },
  toast: { timeoutMs: 5000, maxCount: 20, position: 'top-right' as const },
  queryCache: { staleMs: 15_000, retries: 3, retryDelayCapMs: 30_000, gcMs: 5 * 60_000 },
  images: {
    widths: [320, 640, 768, 1024, 1280, 1536] as const,
    densities: [1, 2] as const,
    format: 'webp' as const,
  },
  rateLimitCountdownSeconds: 60,
  chunkReload: { limit: 2, guardMs: 10_000, queryParam: 'app_status_check' },
  progressBar: {
    heightPx: 5,
    color: 'gold',
    throttleMs: 200,
    durationMs: 2000,
    hideDelayMs: 500,
    resetDelayMs: 400,
  },
  truncateLength: 100,
  money: { currency: 'IRR', locale: 'en-US', vatPercent: 10 },
  /** A delivered order the buyer has not confirmed completes by itself after this many days. */
  orders: { paymentTimeoutMinutes: 30, autoCompleteDays: 7 },
  /**
   * The ledger (issue #38): a delivered order's seller share stays pending this many days unless
   * the order completes first; the platform's commission carries VAT at this rate.
   */
  ledger: { holdingDays: 7, commissionVatPercent: 10 },
  /**
   * Weekly payouts (issue #38): every seller with at least `minimumRials` available (and a payout
   * account not on hold) gets a line in the week's batch. `schedule` is cron in UTC: Saturday 05:30
   * UTC is 09:00 in Tehran, the first working morning of Iran's week.
   */
  payouts: { minimumRials: 1_000_000, schedule: '30 5 * * 6' },
  /** A payment session lives this long, and never beyond its order's payment deadline. */
  payments: { sessionMinutes: 15, expirySweepSeconds: 60, startLimitPerHour: 20 },
  catalog: { perPageOptions: [12, 24, 48] as const, maxPage: 500 },
  /** Spec §7: the general HTTP client retries once, only for reads, only on these statuses. */
  http: {
    retryLimit: 1,
    retryMethods: ['get', 'head', 'options'] as const,
    retryStatusCodes: [408, 409, 425, 429, 500, 502, 503, 504] as const,
    timeoutMs: 15_000,
  },
  analytics: {
    endpoint: '/api/analytics/events',
    maxBatch: 50,
    flushIntervalMs: 5000,
    maxBodyBytes: 64 * 1024,
  },
  /** The server image endpoint: resizes first-party and allowed-domain images to webp. */
  imageEndpoint: '/api/image',
} as const

/** Values safe to ship to the browser. */
export const publicConfig = {
  /** The JSON API's base (spec §7 "base URL from configuration"); the app serves it itself. */
  apiBaseUrl: '/api/',
  supportChat: {
    sellers: 'https://chat.omdeh.example/sellers',
    wholesale: 'https://chat.omdeh.example/wholesale',
    retail: 'https://chat.omdeh.example/retail',
  },
  social: {
    messaging: 'https://t.me/omdeh',
    facebook: 'https://www.facebook.com/omdeh',
    instagram: 'https://www.instagram.com/omdeh',
    x: 'https://x.com/omdeh',
  },
  blogUrl: 'https://blog.omdeh.example',
  poweredBy: { label: 'Omdeh Engineering', url: 'https://omdeh.example' },
} as const

const integerString = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  )

const urlString = (name: string, protocols: readonly string[]) =>
  v.pipe(
    v.string(),
    v.url(`${name} must be a URL`),
    v.check(
      (value) => protocols.some((p) => value.startsWith(`${p}:`)),
      `${name} must start with ${protocols.join(' or ')}:`,
    ),
  )

const flag = (name: string) =>
  v.pipe(
    v.picklist(['0', '1', 'true', 'false'], `${name} must be 0, 1, true or false`),
    v.transform((value) => value === '1' || value === 'true'),
  )

/** A whole percentage: orders store the VAT rate they were charged as an integer. */
const percent = (name: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${name} must be a whole number of percent (0-100)`),
    v.transform(Number),
    v.maxValue(100, `${name} must be at most 100`),
  )

/** Environment variables, with defaults that make `npm start` work with nothing set. */
// Built on first use, not at module load: the browser imports this file for `constants` and
// `publicConfig`, and a top-level schema (a call, so the bundler must keep it) would ship the
// server's settings, their names and checks to every page (issue #21).
let envSchemaCache: ReturnType<typeof buildEnvSchema> | undefined
const envSchema = () => (envSchemaCache ??= buildEnvSchema())

const buildEnvSchema = () =>
  v.object({
    NODE_ENV: v.optional(
      v.picklist(['development', 'production', 'test'], 'NODE_ENV must be development, production or test'),
      'development',
    ),
    PORT: v.optional(integerString('PORT', 1, 65535), '3000'),
    DATABASE_URL: v.optional(urlString('DATABASE_URL', ['postgres', 'postgresql'])),
    DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1, 'DATA_DIR must not be empty')), './data'),
    PUBLIC_SITE_URL: v.optional(urlString('PUBLIC_SITE_URL', ['http', 'https']), 'http://localhost:3000'),
    CAPTCHA_SITE_KEY: v.optional(v.string(), ''),
    CAPTCHA_SECRET: v.optional(v.string(), ''),
    IMAGE_ALLOWED_DOMAIN: v.optional(
      v.pipe(v.string(), v.regex(/^[a-z0-9.-]*$/i, 'IMAGE_ALLOWED_DOMAIN must be a host name')),
      'cdn.omdeh.example',
    ),
    CURRENCY: v.optional(
      v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'CURRENCY must be a 3-letter ISO code')),
      'IRR',
    ),
    VAT_PERCENT: v.optional(percent('VAT_PERCENT'), '10'),
    DEMO_MODE: v.optional(flag('DEMO_MODE'), '0'),
    /** The demo's outbox and sandbox bank answer other machines too (they answer only loopback otherwise). */
    DEMO_PUBLIC: v.optional(flag('DEMO_PUBLIC'), '0'),
    /**
     * Load the demo data (its accounts have a published password) into an empty database at start.
     * Unset: on in demo mode and in development, off for a production server (see loadServerConfig).
     */
    SEED_ON_EMPTY: v.optional(flag('SEED_ON_EMPTY')),
    LOG_LEVEL: v.optional(
      v.picklist(
        ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
        'LOG_LEVEL must be a pino level',
      ),
      'info',
    ),
    SMS_PROVIDER: v.optional(v.picklist(['dev', 'http'], 'SMS_PROVIDER must be dev or http'), 'dev'),
    SMS_API_URL: v.optional(urlString('SMS_API_URL', ['http', 'https'])),
    SMS_API_KEY: v.optional(v.string()),
    PAYMENT_PROVIDER: v.optional(
      v.picklist(['sandbox', 'zarinpal', 'zibal'], 'PAYMENT_PROVIDER must be sandbox, zarinpal or zibal'),
      'sandbox',
    ),
    /** Zarinpal's merchant id: 36 characters, a UUID. */
    ZARINPAL_MERCHANT_ID: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
          'ZARINPAL_MERCHANT_ID must be the 36-character merchant id (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)',
        ),
      ),
    ),
    /** Zarinpal's sandbox host (sandbox.zarinpal.com): no real money. */
    ZARINPAL_SANDBOX: v.optional(flag('ZARINPAL_SANDBOX'), '0'),
    /** Zarinpal refunds by API: an access token of the merchant panel, and the gateway's terminal id. */
    ZARINPAL_ACCESS_TOKEN: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          /^[A-Za-z0-9._~+/=-]{20,4096}$/,
          'ZARINPAL_ACCESS_TOKEN must be the token from the Zarinpal panel',
        ),
      ),
    ),
    ZARINPAL_TERMINAL_ID: v.optional(
      v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'ZARINPAL_TERMINAL_ID must be the terminal number (digits)')),
    ),
    /** Zibal's merchant key; "zibal" is Zibal's test merchant (no real money). */
    ZIBAL_MERCHANT: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[A-Za-z0-9_-]{4,64}$/, 'ZIBAL_MERCHANT must be 4-64 letters, digits, - or _'),
      ),
    ),
    /** How long to wait for the gateway's answer to a payment request or verify. */
    PAYMENT_TIMEOUT_MS: v.optional(integerString('PAYMENT_TIMEOUT_MS', 1000, 120_000), '15000'),
    SESSION_SECRET: v.optional(
      v.pipe(v.string(), v.minLength(32, 'SESSION_SECRET must be at least 32 characters')),
    ),
    /** Behind a reverse proxy or load balancer: take the client address from X-Forwarded-For. */
    TRUST_PROXY: v.optional(flag('TRUST_PROXY'), '0'),
    /** Media on S3-compatible object storage (several instances); the local disk when S3_BUCKET is unset. */
    S3_ENDPOINT: v.optional(urlString('S3_ENDPOINT', ['http', 'https'])),
    S3_BUCKET: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'S3_BUCKET must be a bucket name: 3-63 lower-case letters, digits, dots or hyphens',
        ),
      ),
    ),
    S3_REGION: v.optional(
      v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/, 'S3_REGION must be a region name such as us-east-1')),
    ),
    S3_ACCESS_KEY_ID: v.optional(v.string()),
    S3_SECRET_ACCESS_KEY: v.optional(v.string()),
    S3_FORCE_PATH_STYLE: v.optional(flag('S3_FORCE_PATH_STYLE')),
    /** The language of a visitor who has not chosen one (issue #22): Persian, the market's. */
    DEFAULT_LOCALE: v.optional(v.picklist(['fa', 'en'], 'DEFAULT_LOCALE must be fa or en'), 'fa'),
  })

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const

export type ServerConfig = ReturnType<typeof loadServerConfig>

/** localhost, 127.0.0.0/8 or ::1: a site only this machine can reach. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  )
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Reads and validates the environment. Throws a ConfigError naming every bad variable. */
export function loadServerConfig(env: Record<string, string | undefined> = process.env) {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const result = v.safeParse(envSchema(), present)
  if (!result.success) {
    throw new ConfigError(
      result.issues.map((issue) => {
        const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'environment'
        return `${key}: ${issue.message}`
      }),
    )
  }
  const e = result.output
  const problems: string[] = []
  if (e.SMS_PROVIDER === 'http' && (!e.SMS_API_URL || !e.SMS_API_KEY)) {
    problems.push('SMS_PROVIDER: http needs SMS_API_URL and SMS_API_KEY')
  }
  if (e.PAYMENT_PROVIDER === 'zarinpal' && !e.ZARINPAL_MERCHANT_ID) {
    problems.push(
      'ZARINPAL_MERCHANT_ID: required when PAYMENT_PROVIDER=zarinpal (the merchant id from the Zarinpal panel)',
    )
  }
  if (Boolean(e.ZARINPAL_ACCESS_TOKEN) !== Boolean(e.ZARINPAL_TERMINAL_ID)) {
    problems.push(
      e.ZARINPAL_ACCESS_TOKEN
        ? 'ZARINPAL_TERMINAL_ID: required with ZARINPAL_ACCESS_TOKEN (refunds by API need both)'
        : 'ZARINPAL_ACCESS_TOKEN: required with ZARINPAL_TERMINAL_ID (refunds by API need both)',
    )
  }
  if (e.PAYMENT_PROVIDER === 'zibal' && !e.ZIBAL_MERCHANT) {
    problems.push(
      'ZIBAL_MERCHANT: required when PAYMENT_PROVIDER=zibal (the merchant key from the Zibal panel)',
    )
  }
  // A gateway's test mode takes no real money: a real shop must not run on it by mistake.
  if (e.NODE_ENV === 'production' && !e.DEMO_MODE) {
    if (e.PAYMENT_PROVIDER === 'zarinpal' && e.ZARINPAL_SANDBOX) {
      problems.push(
        "ZARINPAL_SANDBOX: Zarinpal's sandbox takes no real money; refused in production unless DEMO_MODE=1",
      )
    }
    if (e.PAYMENT_PROVIDER === 'zibal' && e.ZIBAL_MERCHANT === 'zibal') {
      problems.push(
        'ZIBAL_MERCHANT: "zibal" is Zibal\'s test merchant; refused in production unless DEMO_MODE=1',
      )
    }
  }
  const devAdapters = e.SMS_PROVIDER === 'dev' || e.PAYMENT_PROVIDER === 'sandbox'
  if (e.NODE_ENV === 'production' && devAdapters && !e.DEMO_MODE) {
    problems.push(
      'DEMO_MODE: the dev SMS adapter and sandbox bank are refused in production unless DEMO_MODE=1',
    )
  }
  if (e.NODE_ENV === 'production' && !e.DEMO_MODE && !e.SESSION_SECRET) {
    problems.push('SESSION_SECRET: required in production')
  } else if (!e.SESSION_SECRET && !isLoopbackUrl(e.PUBLIC_SITE_URL)) {
    // The built-in secret is public (it is in this file): anyone could sign sandbox payments and
    // codes with it. It may serve a demo on this machine only.
    problems.push(
      `SESSION_SECRET: required when PUBLIC_SITE_URL (${e.PUBLIC_SITE_URL}) is not this machine; the built-in development secret is public`,
    )
  }
  // The demo accounts' password is in the README: a production server that is not a demo never
  // creates them (its first administrator comes from `npm run admin:create`). Asked for explicitly
  // there, start-up stops rather than quietly ignoring the setting or obeying it.
  const production = e.NODE_ENV === 'production'
  if (production && !e.DEMO_MODE && e.SEED_ON_EMPTY) {
    problems.push(
      'SEED_ON_EMPTY: the demo data (accounts with a published password) loads in production only with DEMO_MODE=1; create the first administrator with npm run admin:create',
    )
  }
  problems.push(...s3Problems(e))
  if (problems.length) throw new ConfigError(problems)

  const dataDir = e.DATA_DIR.replace(/\/+$/, '')
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
      : ({ kind: 'pglite', dataDir: `${dataDir}/pglite` } as const),
    dataDir,
    publicSiteUrl: e.PUBLIC_SITE_URL.replace(/\/+$/, ''),
    defaultLocale: e.DEFAULT_LOCALE,
    captcha: { siteKey: e.CAPTCHA_SITE_KEY, secret: e.CAPTCHA_SECRET },
    imageAllowedDomain: e.IMAGE_ALLOWED_DOMAIN,
    money: { currency: e.CURRENCY, vatPercent: e.VAT_PERCENT },
    demoMode: e.DEMO_MODE,
    demoPublic: e.DEMO_PUBLIC,
    /** Whether the session secret is the built-in, public one (demo and development only). */
    knownSecret: !e.SESSION_SECRET,
    /** Whether an empty database gets the demo data at start: demo mode and development only. */
    seedOnEmpty: e.SEED_ON_EMPTY ?? (e.DEMO_MODE || !production),
    logLevel: e.LOG_LEVEL,
    sms:
      e.SMS_PROVIDER === 'http'
        ? ({ kind: 'http', url: e.SMS_API_URL!, apiKey: e.SMS_API_KEY! } as const)
        : ({ kind: 'dev' } as const),
    payment: paymentSettings(e),
    sessionSecret: e.SESSION_SECRET ?? 'omdeh-dev-secret-not-for-production-use-0000',
    trustProxy: e.TRUST_PROXY,
    media: e.S3_BUCKET
      ? ({
          kind: 's3',
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
        } as const)
      : ({ kind: 'disk', root: `${dataDir}/media` } as const),
  }
}

/** The payment provider's settings; loadServerConfig has checked that its merchant is set. */
function paymentSettings(e: v.InferOutput<ReturnType<typeof buildEnvSchema>>) {
  switch (e.PAYMENT_PROVIDER) {
    case 'zarinpal':
      return {
        kind: 'zarinpal',
        merchantId: e.ZARINPAL_MERCHANT_ID!,
        sandbox: e.ZARINPAL_SANDBOX,
        baseUrl: e.ZARINPAL_SANDBOX ? 'https://sandbox.zarinpal.com' : 'https://payment.zarinpal.com',
        timeoutMs: e.PAYMENT_TIMEOUT_MS,
        /** Refunds through the panel's GraphQL API; null: refunds are made by hand in the panel. */
        refunds:
          // The sandbox's payments are unknown to the panel: nothing there to refund.
          e.ZARINPAL_ACCESS_TOKEN && e.ZARINPAL_TERMINAL_ID && !e.ZARINPAL_SANDBOX
            ? {
                accessToken: e.ZARINPAL_ACCESS_TOKEN,
                terminalId: e.ZARINPAL_TERMINAL_ID,
                graphqlUrl: 'https://next.zarinpal.com/api/v4/graphql/',
              }
            : null,
      } as const
    case 'zibal':
      return {
        kind: 'zibal',
        merchant: e.ZIBAL_MERCHANT!,
        baseUrl: 'https://gateway.zibal.ir',
        timeoutMs: e.PAYMENT_TIMEOUT_MS,
      } as const
    default:
      return { kind: 'sandbox' } as const
  }
}

/**
 * S3 is all or nothing: S3_BUCKET switches media to the bucket and then needs its keys; the other
 * settings without a bucket would be ignored silently while every instance writes to its own disk.
 */
function s3Problems(e: v.InferOutput<ReturnType<typeof buildEnvSchema>>): string[] {
  if (!e.S3_BUCKET) {
    const stray = S3_SETTINGS.filter((name) => e[name] !== undefined)
    return stray.length
      ? [
          `S3_BUCKET: required when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set (without it media stay on the local disk)`,
        ]
      : []
  }
  return (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
    .filter((name) => !e[name])
    .map((name) => `${name}: required when S3_BUCKET is set`)
}
