/**
 * The logic of the form field components, kept free of React and the DOM so vitest can test it:
 * digits as people type them (Persian, Arabic-Indic or Latin), money grouping and parsing,
 * quantity bounds, file checks, and valibot issues as per-field messages.
 */

import { tehranInputToUtc, utcToTehranInput } from '~/lib/tehran-time'
import { latinDigits } from './money-input'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

export { formatMoneyInput, groupDigits, latinDigits, parseMoneyInput } from './money-input'

export interface QuantityBounds {
  min?: number
  max?: number
}

/** A quantity input's text as an integer, or null when empty; NaN when it is not a whole number. */
export function parseQuantityInput(text: string): number | null {
  const digits = latinDigits(text)
    .trim()
    .replace(/[\s,٬]/g, '')
  if (digits === '') return null
  if (!/^-?\d+$/.test(digits)) return Number.NaN
  const value = Number(digits)
  return Number.isSafeInteger(value) ? value : Number.NaN
}

/** Keeps a quantity inside its bounds (the stepper buttons and blur use this). */
export function clampQuantity(value: number, { min, max }: QuantityBounds): number {
  let next = Math.trunc(value)
  if (min !== undefined && next < min) next = min
  if (max !== undefined && next > max) next = max
  return next
}

/** Why a quantity is not acceptable, in words, or null when it is. */
export function quantityProblem(value: number | null, { min, max }: QuantityBounds): string | null {
  if (value === null) return null
  if (!Number.isInteger(value)) return m.common_form_whole_number()
  if (min !== undefined && value < min) return m.common_form_at_least({ min: formatNumber(min) })
  if (max !== undefined && value > max) return m.common_form_at_most({ max: formatNumber(max) })
  return null
}

export interface FileRules {
  /** MIME types or extensions, as an <input accept> lists them: "image/png,image/jpeg,.pdf" or "image/*". */
  accept?: string
  /** The largest size in bytes. */
  maxBytes?: number
}

/** Bytes in words, for messages: 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toFixed(1))} KB`
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`
}

/** Checks a chosen file before it is uploaded; the message to show, or null when it may go. */
export function fileProblem(
  file: { name: string; type: string; size: number },
  rules: FileRules,
): string | null {
  if (rules.accept) {
    const accepted = rules.accept
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean)
    const type = file.type.toLowerCase()
    const name = file.name.toLowerCase()
    const ok = accepted.some((entry) => {
      if (entry.startsWith('.')) return name.endsWith(entry)
      if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1))
      return type === entry
    })
    if (!ok) return m.common_form_file_type({ accepted: accepted.join(', ') })
  }
  if (rules.maxBytes !== undefined && file.size > rules.maxBytes)
    return m.common_form_file_too_large({ size: formatBytes(file.size), limit: formatBytes(rules.maxBytes) })
  if (file.size === 0) return m.common_form_file_empty()
  return null
}

/** Whether a file can be shown as an image preview. */
export function isPreviewableImage(type: string): boolean {
  return /^image\/(png|jpe?g|gif|webp|avif)$/i.test(type)
}

type PathItem = { key: unknown } | undefined
interface Issue {
  message: string
  path?: readonly PathItem[] | undefined
}

/**
 * A valibot issue's path as a TanStack Form field name: `title`, `blocks[0].heading`.
 * Numeric keys under arrays become indexes.
 */
export function fieldNameOf(path: readonly PathItem[] | undefined): string {
  let name = ''
  for (const item of path ?? []) {
    if (!item) continue
    const key = item.key
    if (typeof key === 'number') name += `[${key}]`
    else name += (name ? '.' : '') + String(key)
  }
  return name
}

/** The first message per field, keyed by field name; issues naming no field come back as `form`. */
export function messagesByField(issues: readonly Issue[]): {
  fields: Record<string, string>
  form: string | null
} {
  const fields: Record<string, string> = {}
  let form: string | null = null
  for (const issue of issues) {
    const name = fieldNameOf(issue.path)
    if (!name) form ??= issue.message
    else fields[name] ??= issue.message
  }
  return { fields, form }
}

/** A field's errors (strings from us or the server, Standard Schema issues) as one message. */
export function firstMessage(errors: readonly unknown[] | undefined): string | undefined {
  for (const error of errors ?? []) {
    if (typeof error === 'string' && error) return error
    if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
      return error.message
  }
  return undefined
}

/**
 * A date-time input's value, read on Tehran's wall clock whatever the browser's zone (the labels
 * say "Tehran time"), as a UTC ISO string; null when empty or not a real moment.
 */
export function dateTimeInputToIso(text: string): string | null {
  if (!text) return null
  return tehranInputToUtc(text)?.toISOString() ?? null
}

/** A UTC ISO time as a `datetime-local` value on Tehran's wall clock. */
export function isoToDateTimeInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const time = new Date(iso)
  return Number.isNaN(time.getTime()) ? '' : utcToTehranInput(time)
}
