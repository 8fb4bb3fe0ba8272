import type * as v from 'valibot'

/**
 * Reads the shape of a valibot input schema (top-level fields and their kinds) so that a test can
 * send a plausible base object and then break one field at a time: a NUL byte in each string,
 * an out-of-range number in each numeric field.
 */

export type FieldKind = 'string' | 'number' | 'boolean' | 'picklist' | 'array' | 'object' | 'other'

export interface FieldProbe {
  name: string
  kind: FieldKind
  optional: boolean
  /** A value of the right type (the first option of a picklist). */
  sample: unknown
  /** The field is a union (e.g. a slug that takes text or a number): a number may be valid text. */
  union: boolean
  /** A number's declared bounds (valibot's minValue/maxValue), when its schema has them. */
  min?: number
  max?: number
}

type AnySchema = v.GenericSchema & {
  type: string
  wrapped?: AnySchema
  pipe?: AnySchema[]
  options?: unknown[]
  requirement?: unknown
  entries?: Record<string, AnySchema>
  item?: AnySchema
}

function unwrap(schema: AnySchema): { schema: AnySchema; optional: boolean } {
  let optional = false
  let current = schema
  for (let i = 0; i < 10; i++) {
    if (
      ['optional', 'nullish', 'nullable', 'undefinedable', 'exact_optional'].includes(current.type) &&
      current.wrapped
    ) {
      optional ||= current.type !== 'nullable'
      current = current.wrapped
    } else if (current.pipe && current.pipe[0] && current.pipe[0] !== current) {
      current = current.pipe[0]
    } else break
  }
  return { schema: current, optional }
}

function kindOf(schema: AnySchema): { kind: FieldKind; sample: unknown } {
  switch (schema.type) {
    case 'string':
      return { kind: 'string', sample: 'a' }
    case 'number':
      return { kind: 'number', sample: 1 }
    case 'boolean':
      return { kind: 'boolean', sample: true }
    case 'picklist':
      return { kind: 'picklist', sample: schema.options?.[0] }
    case 'array':
      return { kind: 'array', sample: [] }
    case 'object':
    case 'strict_object':
    case 'loose_object':
      return { kind: 'object', sample: {} }
    case 'union': {
      const options = (schema.options ?? []) as AnySchema[]
      for (const preferred of ['number', 'string']) {
        const option = options.find((o) => unwrap(o).schema.type === preferred)
        if (option) return kindOf(unwrap(option).schema)
      }
      return { kind: 'other', sample: null }
    }
    default:
      return { kind: 'other', sample: null }
  }
}

/** The minValue/maxValue actions in a schema's pipe (through optional and nullable wrappers). */
function boundsOf(schema: AnySchema): { min?: number; max?: number } {
  const bounds: { min?: number; max?: number } = {}
  let current: AnySchema | undefined = schema
  for (let i = 0; current && i < 10; i++) {
    for (const action of current.pipe ?? []) {
      if (typeof action.requirement !== 'number') continue
      if (action.type === 'min_value') bounds.min = action.requirement
      if (action.type === 'max_value') bounds.max = action.requirement
    }
    current = current.wrapped ?? (current.pipe?.[0] !== current ? current.pipe?.[0] : undefined)
  }
  return bounds
}

/** The top-level fields of an object schema (empty for anything else). */
export function fieldsOf(schema: v.GenericSchema | null): FieldProbe[] {
  if (!schema) return []
  const root = unwrap(schema as AnySchema).schema
  if (!root.entries) return []
  return Object.entries(root.entries).map(([name, entry]) => {
    const { schema: inner, optional } = unwrap(entry)
    return { name, optional, union: inner.type === 'union', ...kindOf(inner), ...boundsOf(entry) }
  })
}

/** An object with a sample for every field, to which one broken field is then applied. */
export function baseObject(fields: FieldProbe[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.name, f.sample]))
}

/**
 * Numbers no int4 column (and no sane quantity) holds. A field whose schema declares a range that
 * takes one of them (an amount of rials, up to 100 billion) may accept it; any other must refuse.
 */
export const OUT_OF_RANGE_NUMBERS = [1e308, 2_147_483_648, -1]

export const NUL_STRING = 'a\u0000b'

function withinDeclaredRange(field: FieldProbe, n: number): boolean {
  if (field.max === undefined) return false
  return n <= field.max && (field.min === undefined || n >= field.min)
}

/** One probe input per broken field: a NUL in each string, out-of-range values in each number. */
export function brokenInputs(
  fields: FieldProbe[],
): { label: string; input: Record<string, unknown>; mustRefuse: boolean }[] {
  const base = baseObject(fields)
  const out: { label: string; input: Record<string, unknown>; mustRefuse: boolean }[] = []
  for (const field of fields) {
    if (field.kind === 'string')
      out.push({ label: `${field.name}=NUL`, input: { ...base, [field.name]: NUL_STRING }, mustRefuse: true })
    if (field.kind === 'number')
      for (const n of OUT_OF_RANGE_NUMBERS)
        out.push({
          label: `${field.name}=${n}`,
          input: { ...base, [field.name]: n },
          mustRefuse: !field.union && !withinDeclaredRange(field, n),
        })
  }
  return out
}

/** Text in an error body that would mean internals leaked (SQL, stack frames, bound parameters). */
export const INTERNALS =
  /\b(select|insert into|update|delete from)\b.+\b(from|set|values|where)\b|syntax error|violates|out of range for type|invalid byte sequence|params?:|\bat .+\.(m?js|ts):\d+|node_modules|stack/i
