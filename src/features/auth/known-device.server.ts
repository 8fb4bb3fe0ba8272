import '@tanstack/react-start/server-only'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { days } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { CookieSpec } from '~/server/auth/cookies.server'

/**
 * "Known device" (issue #35): a browser or app that once signed in to a phone carries a long-lived
 * httpOnly cookie naming its device and, for each phone it signed in to, an HMAC (the session
 * secret) over device and phone. Sign-in attempts for that phone that carry a valid one are
 * counted in the device's own buckets (auth-limits), so strangers guessing at the phone from
 * elsewhere do not lock the owner's device out. The cookie grants nothing else: no session, no
 * skipped check; without the secret it cannot be made for another phone or device.
 *
 * Value: `<device id>.<tag>[.<tag>…]`, base64url parts, newest phone's tag first.
 */
export const KNOWN_DEVICE_COOKIE = 'known_device'
/** Phones one device is remembered for (a shared family computer, an account per store, …). */
const PHONES_PER_DEVICE = 4
const KNOWN_DEVICE_DAYS = 365
const PART = /^[A-Za-z0-9_-]{22}$/

function tagFor(deviceId: string, phone: string): Buffer {
  return createHmac('sha256', serverConfig().sessionSecret)
    .update(`known-device:${deviceId}:${phone}`)
    .digest()
    .subarray(0, 16)
}

function parse(value: string | undefined): { deviceId: string; tags: string[] } | null {
  if (!value || value.length > 23 * (PHONES_PER_DEVICE + 1)) return null
  const [deviceId, ...tags] = value.split('.')
  if (!deviceId || !PART.test(deviceId) || !tags.every((tag) => PART.test(tag))) return null
  return { deviceId, tags }
}

/** The device id when `cookie` proves an earlier sign-in to `phone` on this device, else null. */
export function knownDeviceFor(cookie: string | undefined, phone: string): string | null {
  const parsed = parse(cookie)
  if (!parsed) return null
  const expected = tagFor(parsed.deviceId, phone)
  const known = parsed.tags.some((tag) => {
    const given = Buffer.from(tag, 'base64url')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  return known ? parsed.deviceId : null
}

/** After a successful sign-in to `phone`: the cookie that remembers this device for it too. */
export function knownDeviceCookie(previous: string | undefined, phone: string, secure: boolean): CookieSpec {
  const parsed = parse(previous)
  const deviceId = parsed?.deviceId ?? randomBytes(16).toString('base64url')
  const tag = tagFor(deviceId, phone).toString('base64url')
  const tags = [tag, ...(parsed?.tags ?? []).filter((other) => other !== tag)].slice(0, PHONES_PER_DEVICE)
  return {
    name: KNOWN_DEVICE_COOKIE,
    value: [deviceId, ...tags].join('.'),
    options: {
      httpOnly: true,
      secure,
      sameSite: 'lax',
      path: '/',
      maxAge: days(KNOWN_DEVICE_DAYS) / 1000,
    },
  }
}
