import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { HttpError } from '~/server/http/api-errors.server'
import { MAX_IMPORT_BYTES } from './import-format'

/**
 * The upload's body, read with a cap before anything is parsed: a declared `content-length` past
 * the cap is refused before a byte is read, and a body that runs on past it (chunked, or lying
 * about its length) is cut off as soon as it does. Only then is the multipart form parsed, so a
 * 200 MB upload costs at most the cap in memory, never the whole body.
 */

/** Room for the multipart boundaries and part headers around the file. */
const FORM_OVERHEAD = 64 * 1024
export const MAX_UPLOAD_BODY = MAX_IMPORT_BYTES + FORM_OVERHEAD
/** In the request's language, so a message is made when it is sent, never at load. */
export const fileTooLarge = () =>
  m.tools_upload_too_large({ size: formatNumber(MAX_IMPORT_BYTES / 1024 / 1024) })
const chooseFile = () => m.tools_upload_choose_file()

const tooLarge = () => new HttpError(413, fileTooLarge(), { file: [fileTooLarge()] })

export async function readImportUpload(request: Request): Promise<{ name: string; bytes: Uint8Array }> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data;/i.test(type))
    throw new HttpError(415, m.tools_upload_not_multipart(), { file: [chooseFile()] })
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BODY) {
    await request.body?.cancel().catch(() => undefined)
    throw tooLarge()
  }
  if (!request.body) throw new HttpError(422, chooseFile(), { file: [chooseFile()] })
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > MAX_UPLOAD_BODY) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(value)
  }
  let form: FormData
  try {
    form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData()
  } catch {
    throw new HttpError(422, m.tools_upload_unreadable(), { file: [chooseFile()] })
  }
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0)
    throw new HttpError(422, chooseFile(), { file: [chooseFile()] })
  if (file.size > MAX_IMPORT_BYTES) throw tooLarge()
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
}
