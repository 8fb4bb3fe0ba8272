import * as v from 'valibot'

/**
 * A value a valibot schema accepts, built from the schema itself: for tests that must get past
 * input validation to reach what comes after it (the authorisation matrix: a guard that runs
 * after the validator is only exercised by a valid input). Reads the schema's shape and the
 * bounds of its pipe (lengths, minimum values, picklists); fields whose format a generic value
 * cannot meet (a phone number, a postal code) take a sample by field name from `samples`.
 * Optional fields are left out. The result is checked with `v.safeParse`: when the builder cannot
 * satisfy the schema, `validInput` says which fields fail, so the caller can add a sample.
 */

type Node = v.GenericSchema & {
  type: string
  wrapped?: Node
  pipe?: (Node & { kind: string; requirement?: unknown })[]
  options?: unknown[]
  entries?: Record<string, Node>
  item?: Node
  literal?: unknown
  enum?: Record<string, unknown>
}

export type Samples = Record<string, (() => unknown) | undefined>

const OPTIONAL = new Set(['optional', 'exact_optional', 'undefinedable', 'nullish'])

/** The requirement of a pipe action, looking into pipes nested in the pipe (`v.pipe(textSchema(…), …)`). */
function requirementOf(schema: Node, type: string): unknown {
  for (const action of schema.pipe ?? []) {
    if (action === schema) continue
    if (action.kind === 'schema' && action.pipe) {
      const inner = requirementOf(action, type)
      if (inner !== undefined) return inner
    } else if (action.type === type) return action.requirement
  }
  return undefined
}

let counter = 0

/** Text within the schema's bounds, different on every call (slugs and codes must be unique). */
function sampleString(schema: Node): string {
  if (requirementOf(schema, 'email') !== undefined) return `authz${++counter}@example.com`
  if (requirementOf(schema, 'uuid') !== undefined) return '3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f'
  if (requirementOf(schema, 'iso_date') !== undefined) return '2026-11-20'
  if (requirementOf(schema, 'iso_timestamp') !== undefined) return '2026-11-20T10:00:00.000Z'
  const exact = requirementOf(schema, 'length')
  const min = Number(requirementOf(schema, 'min_length') ?? 1)
  const max = Number(requirementOf(schema, 'max_length') ?? 64)
  const length = typeof exact === 'number' ? exact : Math.min(Math.max(min, 12), max)
  const n = ++counter
  // Letters only (names refuse digits), unless the field is digits only.
  const letters = n.toString(26).replace(/./g, (c) => String.fromCharCode(97 + parseInt(c, 26)))
  const text =
    requirementOf(schema, 'digits') !== undefined ? String(n).padStart(6, '0') : `authz${letters}sample`
  return text.repeat(Math.ceil(length / text.length)).slice(0, length)
}

function sampleNumber(schema: Node): number {
  const min = requirementOf(schema, 'min_value')
  const max = requirementOf(schema, 'max_value')
  if (typeof min === 'number') return min
  if (typeof max === 'number' && max < 1) return max
  return 1
}

/** A value for one schema (`undefined` leaves an optional field out). */
function sample(schema: Node, key: string, samples: Samples): unknown {
  const named = samples[key]
  if (named) {
    const value = named()
    if (v.safeParse(schema, value).success) return value
  }
  if (OPTIONAL.has(schema.type)) return undefined
  if (schema.type === 'nullable') return sample(schema.wrapped!, key, samples)
  switch (schema.type) {
    case 'string':
      return sampleString(schema)
    case 'number':
      return sampleNumber(schema)
    case 'boolean':
      return true
    case 'picklist':
      return schema.options?.[0]
    case 'literal':
      return schema.literal
    case 'enum':
      return Object.values(schema.enum ?? {})[0]
    case 'date':
      return new Date('2026-11-20T10:00:00Z')
    case 'array': {
      const min = Number(requirementOf(schema, 'min_length') ?? 0)
      return Array.from({ length: min }, () => sample(schema.item!, key, samples))
    }
    case 'object':
    case 'strict_object':
    case 'loose_object':
    case 'object_with_rest': {
      const out: Record<string, unknown> = {}
      for (const [name, entry] of Object.entries(schema.entries ?? {})) {
        const value = sample(entry, name, samples)
        if (value !== undefined) out[name] = value
      }
      return out
    }
    case 'variant':
    case 'union': {
      const options = (schema.options ?? []) as Node[]
      for (const option of options) {
        const value = sample(option, key, samples)
        if (v.safeParse(option, value).success) return value
      }
      return options[0] ? sample(options[0], key, samples) : undefined
    }
    default:
      return undefined
  }
}

/** The dotted paths whose values the schema refuses, with valibot's messages. */
export function refusedFields(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input)
  if (result.success) return []
  return result.issues.map((issue) => `${v.getDotPath(issue) ?? '(input)'}: ${issue.message}`)
}

/** A valid input for `schema`, or an Error naming the fields the builder could not satisfy. */
export function validInput(schema: v.GenericSchema, samples: Samples = {}): unknown {
  const input = sample(schema as Node, '', samples)
  const refused = refusedFields(schema, input)
  if (refused.length) throw new Error(`no valid sample input (${refused.join('; ')})`)
  return input
}
