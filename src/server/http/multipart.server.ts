import '@tanstack/react-start/server-only'
import type * as v from 'valibot'
import { m } from '~/lib/messages'
import { HttpError, parseInput } from './api-errors.server'

/** A file as it arrived: the name the person gave it and its bytes (checked by content later). */
export interface UploadedFile {
  name: string
  bytes: Uint8Array
}

export interface MultipartOptions {
  /** Text fields that hold a number (`ticket_id`). */
  numbers?: readonly string[]
  /**
   * Text fields that hold JSON: nested values (a product's attributes, price tiers), booleans. The
   * client sends them with `JSON.stringify`; anything unparsable is a 422 on that field.
   */
  json?: readonly string[]
}

/**
 * A server function validator for forms with files, sent as FormData: the text fields are validated
 * with the same valibot schema as the form's, the FormData is passed on so the operation can read
 * and check the files by their bytes.
 */
export const multipart =
  <S extends v.GenericSchema>(schema: S, options: MultipartOptions = {}) =>
  (form: FormData) => {
    if (!(form instanceof FormData)) throw new HttpError(422, m.server_error_send_multipart())
    const fields: Record<string, unknown> = {}
    for (const [key, value] of form.entries()) {
      if (typeof value !== 'string') continue
      if (options.json?.includes(key)) {
        try {
          fields[key] = JSON.parse(value)
        } catch {
          const message = m.server_error_form_unreadable()
          throw new HttpError(422, message, { [key]: [message] })
        }
      } else fields[key] = options.numbers?.includes(key) ? Number(value) : value
    }
    return { input: parseInput(schema, fields) as v.InferOutput<S>, form }
  }

export interface FileLimits {
  maxCount: number
  maxBytes: number
  /** The field the 422 names (the form's file field). */
  errorField: string
  countMessage: string
  sizeMessage: string
}

/**
 * A FormData's files under `field`, read into memory. Count and declared sizes are checked before
 * any bytes are read, so a flood is refused early; the bytes are checked again by the caller.
 */
export async function filesFromFormData(
  form: FormData,
  field: string,
  limits: FileLimits,
): Promise<UploadedFile[]> {
  const refuse = (message: string) => new HttpError(422, message, { [limits.errorField]: [message] })
  const files = form.getAll(field).filter((entry): entry is File => typeof entry !== 'string')
  if (files.filter((f) => f.size > 0).length > limits.maxCount) throw refuse(limits.countMessage)
  if (files.some((f) => f.size > limits.maxBytes)) throw refuse(limits.sizeMessage)
  return Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })))
}
