import * as v from 'valibot'
import type { LandingPageStatus } from '~/lib/domain-enums'
import { m } from '~/lib/messages'
import { type LandingBlock, productSearchToQuery, searchParamsToObject } from '~/features/catalog'
import {
  landingPageInput,
  type AdminLandingPage,
  type LandingPageInput,
  type LandingPageRawInput,
} from './landing-admin.schemas'

/**
 * The landing editor's form state: every field a string, as inputs hold them, and the conversion
 * to the input the server validates (with the same schema). Field keys match the server's 422
 * paths (`blocks.2.heading`), so its messages land beside the right input.
 */

export type BlockType = LandingBlock['type']

export interface BlockDraft {
  /** A stable React key; not saved. */
  key: string
  type: BlockType
  heading: string
  body: string
  /** Products: a listing search or hand-picked slugs. */
  source: 'search' | 'slugs'
  /** Products: a /product (or /category/{slug}) address with the filters. */
  search: string
  /** One slug a line (commas work too). */
  slugs: string
  limit: string
}

export interface LandingDraft {
  slug: string
  title: string
  summary: string
  hero_image: string
  status: LandingPageStatus
  blocks: BlockDraft[]
}

let keyCounter = 0
const newKey = () => `block-${Date.now().toString(36)}-${keyCounter++}`

export function emptyBlock(type: BlockType): BlockDraft {
  return { key: newKey(), type, heading: '', body: '', source: 'search', search: '', slugs: '', limit: '8' }
}

export function blockToDraft(block: LandingBlock): BlockDraft {
  const draft = emptyBlock(block.type)
  switch (block.type) {
    case 'text':
      return { ...draft, heading: block.heading ?? '', body: block.body }
    case 'categories':
      return { ...draft, heading: block.heading, slugs: block.slugs.join('\n') }
    case 'products':
      return {
        ...draft,
        heading: block.heading,
        source: block.slugs?.length ? 'slugs' : 'search',
        search: block.search ? `/product${productSearchToQuery(block.search)}` : '',
        slugs: (block.slugs ?? []).join('\n'),
        limit: String(block.limit),
      }
  }
}

export function pageToDraft(page?: AdminLandingPage): LandingDraft {
  return {
    slug: page?.slug ?? '',
    title: page?.title ?? '',
    summary: page?.summary ?? '',
    hero_image: page?.hero_image ?? '',
    status: page?.status ?? 'draft',
    blocks: page ? page.blocks.map(blockToDraft) : [emptyBlock('text')],
  }
}

const splitSlugs = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean)

/**
 * A listing address as pasted from the browser (`https://…/product?category=x&discount=true`,
 * `/category/x?in_stock=true`, or just `category=x`) as the search object the schema reads; null
 * when it is some other page.
 */
export function parseListingAddress(text: string): Record<string, string | string[]> | null {
  const trimmed = text.trim()
  if (!trimmed) return {}
  const queryAt = trimmed.indexOf('?')
  const looksLikeQuery = queryAt < 0 && trimmed.includes('=') && !trimmed.includes('/')
  const path = looksLikeQuery
    ? ''
    : (queryAt < 0 ? trimmed : trimmed.slice(0, queryAt)).replace(/^https?:\/\/[^/]+/i, '')
  const query = looksLikeQuery ? trimmed : queryAt < 0 ? '' : trimmed.slice(queryAt + 1)
  const search = searchParamsToObject(new URLSearchParams(query))
  if (path === '' || /^\/product\/?$/.test(path)) return search
  const category = /^\/category\/([^/?#]+)\/?$/.exec(path)
  return category ? { ...search, category: decodeURIComponent(category[1]!) } : null
}

export const NOT_A_LISTING = () => m.magazines_landing_err_not_a_listing()

function blockInput(draft: BlockDraft): unknown {
  switch (draft.type) {
    case 'text':
      return { type: 'text', heading: draft.heading.trim() || undefined, body: draft.body }
    case 'categories':
      return { type: 'categories', heading: draft.heading.trim(), slugs: splitSlugs(draft.slugs) }
    case 'products': {
      const limit = draft.limit.trim()
      return {
        type: 'products',
        heading: draft.heading.trim(),
        // Not a number stays a string, so the schema's own message names the field.
        limit: limit === '' ? undefined : /^\d+$/.test(limit) ? Number(limit) : limit,
        ...(draft.source === 'slugs'
          ? { slugs: splitSlugs(draft.slugs) }
          : { search: parseListingAddress(draft.search) ?? {} }),
      }
    }
  }
}

/**
 * The draft as the server's input, and the messages the conversion itself finds (an address that
 * is not a listing). What remains is for the schema to judge.
 */
export function draftToInput(draft: LandingDraft): {
  input: LandingPageRawInput
  errors: Record<string, string>
} {
  const errors: Record<string, string> = {}
  draft.blocks.forEach((block, i) => {
    if (block.type === 'products' && block.source === 'search' && parseListingAddress(block.search) === null)
      errors[`blocks.${i}.search`] = NOT_A_LISTING()
  })
  return {
    input: {
      slug: draft.slug,
      title: draft.title,
      summary: draft.summary,
      hero_image: draft.hero_image.trim() || null,
      status: draft.status,
      blocks: draft.blocks.map(blockInput) as LandingPageRawInput['blocks'],
    },
    errors,
  }
}

/**
 * A server or schema path as the editor's field key: block fields keep three parts
 * (`blocks.2.slugs.4` → `blocks.2.slugs`, `blocks.1.search.category` → `blocks.1.search`).
 */
export function fieldKey(path: string): string {
  const parts = path.split('.')
  return parts[0] === 'blocks' && parts.length > 3 ? parts.slice(0, 3).join('.') : path
}

/** The draft checked with the server's schema (for the preview): the input, or the messages by field. */
export function checkDraft(
  draft: LandingDraft,
): { ok: true; input: LandingPageInput } | { ok: false; errors: Record<string, string> } {
  const { input, errors } = draftToInput(draft)
  const parsed = v.safeParse(landingPageInput, input, { abortPipeEarly: true })
  if (parsed.success && !Object.keys(errors).length) return { ok: true, input: parsed.output }
  for (const issue of parsed.issues ?? []) {
    const key = fieldKey(issue.path?.map((p) => String(p.key)).join('.') || 'form')
    errors[key] ??= issue.message
  }
  return { ok: false, errors }
}

/** A title as a slug suggestion (Latin letters and digits only; anything else is left out). */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}
