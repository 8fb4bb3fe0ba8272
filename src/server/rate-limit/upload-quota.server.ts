import '@tanstack/react-start/server-only'
import { days, minutes } from '../clock.server'
import type { DbOrTx } from '../db/client.server'
import { enforceRateLimits, type RateLimitRule } from './rate-limit.server'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

const MB = 1024 * 1024

/**
 * What one account may store (issue #13 §4): files and bytes per hour, bytes per day, over every
 * kind of upload (ticket attachments, import sheets; photos next). Far above a person's needs
 * (a ticket with three 5 MB files every few minutes), far below filling a disk.
 */
export const uploadQuota = {
  filesPerHour: { name: 'upload-files:user', limit: 30, windowMs: minutes(60) },
  bytesPerHour: { name: 'upload-bytes:user', limit: 60 * MB, windowMs: minutes(60) },
  bytesPerDay: { name: 'upload-bytes-day:user', limit: 250 * MB, windowMs: days(1) },
} satisfies Record<string, RateLimitRule>

/**
 * Counts files against the user's quota before they are stored; over it, a 429 that says when
 * uploading works again, and nothing is stored. Counting first and atomically means concurrent
 * uploads cannot slip past together.
 */
export async function enforceUploadQuota(
  db: DbOrTx,
  userId: number,
  files: ReadonlyArray<{ bytes: Uint8Array }>,
): Promise<void> {
  const present = files.filter((file) => file.bytes.byteLength > 0)
  if (present.length === 0) return
  const bytes = present.reduce((sum, file) => sum + file.bytes.byteLength, 0)
  const subject = String(userId)
  await enforceRateLimits(
    db,
    [
      { rule: uploadQuota.filesPerHour, subject, weight: present.length },
      { rule: uploadQuota.bytesPerHour, subject, weight: bytes },
      { rule: uploadQuota.bytesPerDay, subject, weight: bytes },
    ],
    (seconds) =>
      seconds >= 120
        ? m.server_upload_quota_minutes({ minutes: formatNumber(Math.ceil(seconds / 60)) })
        : m.server_upload_quota_seconds({ seconds: formatNumber(seconds) }),
  )
}
