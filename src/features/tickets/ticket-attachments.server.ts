import '@tanstack/react-start/server-only'
import { randomBytes } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import type { DbOrTx } from '~/server/db/client.server'
import { enforceUploadQuota } from '~/server/rate-limit/upload-quota.server'
import { HttpError } from '~/server/http/api-errors.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import { filesFromFormData as readFormFiles, type UploadedFile } from '~/server/http/multipart.server'
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from './tickets.schemas'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

export type { UploadedFile }

export interface CheckedAttachment {
  fileName: string
  contentType: string
  bytes: Uint8Array
}

/** Detected types we accept. An image or PDF viewer is all staff need; nothing that can run. */
const ALLOWED_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'application/pdf'])

export const ATTACHMENT_TYPE_MESSAGE = () => m.account_attach_type()
export const ATTACHMENT_SIZE_MESSAGE = () =>
  m.account_attach_size({ size: formatNumber(MAX_ATTACHMENT_BYTES / 1024 / 1024) })
export const ATTACHMENT_COUNT_MESSAGE = () => m.account_attach_at_most({ count: formatNumber(MAX_ATTACHMENTS) })

const refuse = (message: string) => new HttpError(422, message, { attachments: [message] })

/**
 * Keeps a display name safe for headers and pages: no paths, no control characters, short, and
 * ending in the extension of the type the bytes are (a PNG named `poly.html` is kept as
 * `poly.png`, so a downloaded copy never opens as something else).
 */
export function cleanFileName(name: string, extension: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim()
  const stem = (cleaned.replace(/\.[^.]*$/, '').replace(/[. ]+$/, '') || 'attachment').slice(0, 100)
  return `${stem}.${extension}`
}

/**
 * Checks count, size and type. The type comes from the file's first bytes (magic numbers), so an
 * executable renamed to `invoice.pdf` is refused and a PNG named `photo.txt` is accepted as PNG.
 */
export async function checkAttachments(files: UploadedFile[]): Promise<CheckedAttachment[]> {
  const present = files.filter((file) => file.bytes.byteLength > 0)
  if (present.length > MAX_ATTACHMENTS) throw refuse(ATTACHMENT_COUNT_MESSAGE())
  const checked: CheckedAttachment[] = []
  for (const file of present) {
    if (file.bytes.byteLength > MAX_ATTACHMENT_BYTES) throw refuse(ATTACHMENT_SIZE_MESSAGE())
    const detected = await fileTypeFromBuffer(file.bytes)
    if (!detected || !ALLOWED_TYPES.has(detected.mime)) throw refuse(ATTACHMENT_TYPE_MESSAGE())
    checked.push({
      fileName: cleanFileName(file.name, detected.ext),
      contentType: detected.mime,
      bytes: file.bytes,
    })
  }
  return checked
}

/**
 * Counts the files against the uploader's quota, then stores them under random keys in the
 * private `ticket-attachments/` folder: reachable solely through the authorised attachment route.
 */
export async function storeAttachments(
  db: DbOrTx,
  uploaderId: number,
  storage: MediaStorage,
  attachments: CheckedAttachment[],
): Promise<Array<CheckedAttachment & { storageKey: string }>> {
  await enforceUploadQuota(db, uploaderId, attachments)
  const stored = []
  for (const attachment of attachments) {
    const storageKey = `ticket-attachments/${randomBytes(24).toString('hex')}`
    await storage.put(storageKey, attachment.bytes)
    stored.push({ ...attachment, storageKey })
  }
  return stored
}

/** A FormData's ticket attachments (each at most a few MB, checked by content after). */
export function filesFromFormData(form: FormData, field = 'attachments'): Promise<UploadedFile[]> {
  return readFormFiles(form, field, {
    maxCount: MAX_ATTACHMENTS,
    maxBytes: MAX_ATTACHMENT_BYTES,
    errorField: 'attachments',
    countMessage: ATTACHMENT_COUNT_MESSAGE(),
    sizeMessage: ATTACHMENT_SIZE_MESSAGE(),
  })
}
