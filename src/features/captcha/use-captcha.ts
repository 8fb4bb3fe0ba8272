import { useMemo } from 'react'
import { useRuntimeConfig } from '~/ui/runtime-config'
import { createCaptchaClient, type CaptchaClient } from './captcha-client'

const clients = new Map<string, CaptchaClient>()

/** The captcha client for the configured site key (for the sign-in forms, issue #4). */
export function useCaptcha(): CaptchaClient {
  const siteKey = useRuntimeConfig()?.captchaSiteKey ?? ''
  return useMemo(() => {
    let client = clients.get(siteKey)
    if (!client) clients.set(siteKey, (client = createCaptchaClient(siteKey)))
    return client
  }, [siteKey])
}
