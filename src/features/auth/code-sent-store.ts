import { useMemo, useSyncExternalStore } from 'react'
import { sessionStorageKeys } from '~/lib/storage-keys'
import type { CodeSent } from './auth.schemas'

/**
 * The one-time codes this tab asked for, so that /auth/verify (and the mobile change) know when a
 * new code may be requested, even after a reload. Session storage: it ends with the tab. The
 * server enforces the cooldown anyway; this only keeps the button honest.
 */

export type CodePurpose = 'login' | 'change_mobile'

export interface CodeSentRecord {
  channel: CodeSent['channel']
  /** Epoch ms: a new code may be requested from then on. */
  resendAt: number
  /** Epoch ms: the code stops working. */
  expiresAt: number
}

type Records = Record<string, CodeSentRecord>

const KEY = sessionStorageKeys.authCodesSent
const listeners = new Set<() => void>()
const keyOf = (purpose: CodePurpose, phone: string) => `${purpose}:${phone}`

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

function readAll(): Records {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(KEY) ?? '{}')
    return parsed && typeof parsed === 'object' ? (parsed as Records) : {}
  } catch {
    return {}
  }
}

/** Called when the server confirms a code went out. */
export function rememberCodeSent(purpose: CodePurpose, sent: CodeSent, now = Date.now()): void {
  const records = readAll()
  // Old entries are dropped as new ones arrive: the store never grows past a handful.
  for (const [key, record] of Object.entries(records)) if (record.expiresAt < now) delete records[key]
  records[keyOf(purpose, sent.phone)] = {
    channel: sent.channel,
    resendAt: now + sent.resend_in * 1000,
    expiresAt: now + sent.expires_in * 1000,
  }
  try {
    storage()?.setItem(KEY, JSON.stringify(records))
  } catch {
    // Storage full or disabled: the countdown simply starts over on a reload.
  }
  for (const listener of listeners) listener()
}

/** The last code sent to this phone for this purpose, or null (also while server rendering). */
export function useCodeSent(purpose: CodePurpose, phone: string): CodeSentRecord | null {
  const raw = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => storage()?.getItem(KEY) ?? null,
    () => null,
  )
  return useMemo(() => {
    if (!raw) return null
    try {
      return (JSON.parse(raw) as Records)[keyOf(purpose, phone)] ?? null
    } catch {
      return null
    }
  }, [raw, purpose, phone])
}
