/**
 * The captcha seam (spec §7): a public site key from configuration, `execute(action)` per check,
 * the badge bottom-left and hidden (styles.css). With no key configured (development, tests,
 * demo) every check is a no-op that returns null, and the server's dev captcha accepts that.
 *
 * Speaks the reCAPTCHA v3 protocol; the site's CSP must allow the provider's script when a key
 * is configured.
 */
export interface CaptchaClient {
  readonly enabled: boolean
  /** A token proving a human asked for `action` (e.g. 'login'), or null when captcha is off. */
  execute(action: string): Promise<string | null>
}

interface Grecaptcha {
  ready(callback: () => void): void
  execute(siteKey: string, options: { action: string }): Promise<string>
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha
  }
}

const ACTION = /^[A-Za-z/_]{1,64}$/

export interface CaptchaDeps {
  loadScript: (src: string) => Promise<void>
  getGrecaptcha: () => Grecaptcha | undefined
}

function loadScriptTag(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(`script[data-captcha]`)
    if (existing) return resolve()
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.defer = true
    script.dataset.captcha = 'true'
    script.onload = () => resolve()
    script.onerror = () => reject(new Error('The captcha could not load'))
    document.head.appendChild(script)
  })
}

export function createCaptchaClient(siteKey: string, deps?: CaptchaDeps): CaptchaClient {
  if (!siteKey) return { enabled: false, execute: async () => null }
  const { loadScript, getGrecaptcha } = deps ?? {
    loadScript: loadScriptTag,
    getGrecaptcha: () => window.grecaptcha,
  }
  let loading: Promise<Grecaptcha> | null = null
  const load = () =>
    (loading ??= loadScript(
      `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}&badge=bottomleft`,
    ).then(
      () =>
        new Promise<Grecaptcha>((resolve, reject) => {
          const grecaptcha = getGrecaptcha()
          if (!grecaptcha) return reject(new Error('The captcha did not start'))
          grecaptcha.ready(() => resolve(grecaptcha))
        }),
    )).catch((error: unknown) => {
      // A failed load may succeed on the next attempt (flaky network).
      loading = null
      throw error
    })
  return {
    enabled: true,
    async execute(action) {
      if (!ACTION.test(action)) throw new Error(`Invalid captcha action: ${action}`)
      const grecaptcha = await load()
      return grecaptcha.execute(siteKey, { action })
    },
  }
}
