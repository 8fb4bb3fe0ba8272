import '@tanstack/react-start/server-only'

export interface CaptchaVerifier {
  /**
   * Whether `token` proves a human for `action`; never throws for a bad token. `strict` asks for
   * more certainty (a higher score), once an action's shared limit has escalated.
   */
  verify(input: { token: string | undefined; action: string; ip: string; strict?: boolean }): Promise<boolean>
}

/** reCAPTCHA v3's verification endpoint; other providers that speak the same form fit too. */
export const DEFAULT_CAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify'

/**
 * Without CAPTCHA_SECRET (development) every check passes. With it, the token is posted to the
 * provider and must be valid, for the same action, and (v3) score at least `minScore`, or
 * `strictMinScore` for a strict check.
 */
export function createCaptchaVerifier(options: {
  secret: string
  verifyUrl?: string
  minScore?: number
  strictMinScore?: number
  timeoutMs?: number
}): CaptchaVerifier {
  if (!options.secret) return { verify: async () => true }
  return {
    async verify({ token, action, ip, strict }) {
      if (!token) return false
      try {
        const response = await fetch(options.verifyUrl ?? DEFAULT_CAPTCHA_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: options.secret, response: token, remoteip: ip }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        })
        if (!response.ok) return false
        const result = (await response.json()) as { success?: boolean; action?: string; score?: number }
        if (!result.success) return false
        if (result.action !== undefined && result.action !== action) return false
        const minScore = strict ? (options.strictMinScore ?? 0.8) : (options.minScore ?? 0.5)
        return result.score === undefined || result.score >= minScore
      } catch {
        return false
      }
    },
  }
}

const CAPTCHA_KEY = Symbol.for('omdeh.captcha')
const slot = ((globalThis as Record<symbol, { verifier?: CaptchaVerifier | null } | undefined>)[
  CAPTCHA_KEY
] ??= {})

/** The configured verifier (CAPTCHA_SECRET), or one a test put in its place. */
export function captchaVerifier(secret: string): CaptchaVerifier {
  slot.verifier ??= createCaptchaVerifier({ secret })
  return slot.verifier
}

export function setCaptchaVerifierForTesting(verifier: CaptchaVerifier | null): void {
  slot.verifier = verifier
}
