import { describe, expect, it, vi } from 'vitest'
import { createCaptchaClient } from './captcha-client'

describe('captcha client', () => {
  it('is a no-op without a site key: no script, a null token', async () => {
    const loadScript = vi.fn()
    const client = createCaptchaClient('', { loadScript, getGrecaptcha: () => undefined })
    expect(client.enabled).toBe(false)
    await expect(client.execute('login')).resolves.toBeNull()
    expect(loadScript).not.toHaveBeenCalled()
  })

  it('loads the provider once, bottom-left badge, and returns its token for the action', async () => {
    const execute = vi.fn(async (_key: string, { action }: { action: string }) => `token-for-${action}`)
    const loadScript = vi.fn(async (_src: string) => undefined)
    const client = createCaptchaClient('site-key-1', {
      loadScript,
      getGrecaptcha: () => ({ ready: (cb) => cb(), execute }),
    })
    await expect(client.execute('login')).resolves.toBe('token-for-login')
    await client.execute('otp_resend')
    expect(loadScript).toHaveBeenCalledTimes(1)
    expect(loadScript.mock.calls[0]![0]).toContain('render=site-key-1')
    expect(loadScript.mock.calls[0]![0]).toContain('badge=bottomleft')
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'otp_resend' })
  })

  it('tries loading again after a failed load', async () => {
    const loadScript = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined)
    const client = createCaptchaClient('k', {
      loadScript,
      getGrecaptcha: () => ({ ready: (cb) => cb(), execute: async () => 't' }),
    })
    await expect(client.execute('login')).rejects.toThrow('offline')
    await expect(client.execute('login')).resolves.toBe('t')
  })

  it('refuses action names the provider would reject', async () => {
    const client = createCaptchaClient('k', {
      loadScript: async () => undefined,
      getGrecaptcha: () => undefined,
    })
    await expect(client.execute('log in!')).rejects.toThrow('Invalid captcha action')
  })
})
