import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { toApiError } from '~/lib/api-error'
import type { FieldProps } from '~/ui/form/use-schema-form'
import {
  draftToInput,
  emptyBlock,
  fieldKey,
  pageToDraft,
  slugify,
  type BlockDraft,
  type BlockType,
  type LandingDraft,
} from './landing-admin-draft'
import { landingPageInput, type AdminLandingPage, type LandingPageInput } from './landing-admin.schemas'

type Errors = Record<string, string>
type PageField = 'slug' | 'title' | 'summary' | 'hero_image'
type BlockField = 'heading' | 'body' | 'search' | 'slugs' | 'limit'

/** The draft checked with the server's schema: the input to send, or the messages by field. */
export function checkDraft(
  draft: LandingDraft,
): { ok: true; input: LandingPageInput } | { ok: false; errors: Errors } {
  const { input, errors } = draftToInput(draft)
  const parsed = v.safeParse(landingPageInput, input, { abortPipeEarly: true })
  if (parsed.success && !Object.keys(errors).length) return { ok: true, input: parsed.output }
  for (const issue of parsed.issues ?? []) {
    const key = fieldKey(issue.path?.map((p) => String(p.key)).join('.') || 'form')
    errors[key] ??= issue.message
  }
  return { ok: false, errors }
}

/**
 * The landing editor's state: page fields, an ordered list of blocks, and messages keyed like the
 * server's 422 paths. Like useSchemaForm (which only knows flat string fields), it validates with
 * the server's schema before sending, shows the server's field messages beside their inputs, and
 * moves focus to the first field that needs attention.
 */
export function useLandingForm(options: {
  page?: AdminLandingPage
  onSubmit: (input: LandingPageInput) => Promise<void>
}) {
  const [draft, setDraft] = useState<LandingDraft>(() => pageToDraft(options.page))
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [dirty, setDirty] = useState(false)
  const busy = useRef(false)
  // A new page's slug follows its title until the admin types a slug of their own.
  const slugEdited = useRef(!!options.page)
  const formId = useId()

  // Focus moves after the messages are rendered (an effect runs after the commit), so the field
  // that gets focus already points at its message.
  const [focusRequest, setFocusRequest] = useState(0)
  const focusFirstProblem = () => setFocusRequest((n) => n + 1)
  useEffect(() => {
    if (!focusRequest) return
    const form = document.getElementById(formId)
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[data-form-error]')
    target?.focus()
  }, [focusRequest, formId])

  function clear(...keys: string[]) {
    setErrors((previous) => {
      if (!keys.some((k) => previous[k])) return previous
      const next = { ...previous }
      for (const k of keys) delete next[k]
      return next
    })
  }

  function update(change: (d: LandingDraft) => LandingDraft) {
    setDraft(change)
    setDirty(true)
  }

  /** Block messages are keyed by position: after a move or removal they would point at the wrong block. */
  function changeBlocks(change: (blocks: BlockDraft[]) => BlockDraft[]) {
    update((d) => ({ ...d, blocks: change(d.blocks) }))
    setErrors((previous) =>
      Object.fromEntries(Object.entries(previous).filter(([k]) => !k.startsWith('blocks'))),
    )
  }

  const field = (name: PageField): FieldProps => ({
    name,
    value: draft[name],
    onChange: ({ target }) => {
      clear(name)
      if (name === 'slug') slugEdited.current = target.value !== ''
      update((d) => ({
        ...d,
        [name]: target.value,
        ...(name === 'title' && !slugEdited.current ? { slug: slugify(target.value) } : {}),
      }))
    },
    error: errors[name],
  })

  const blockField = (index: number, name: BlockField): FieldProps => {
    const key = `blocks.${index}.${name}`
    return {
      name: key,
      value: draft.blocks[index]?.[name] ?? '',
      onChange: ({ target }) => {
        clear(key)
        update((d) => ({
          ...d,
          blocks: d.blocks.map((b, i) => (i === index ? { ...b, [name]: target.value } : b)),
        }))
      },
      error: errors[key],
    }
  }

  function submit() {
    if (busy.current) return
    setFormError(null)
    const checked = checkDraft(draft)
    if (!checked.ok) {
      setErrors(checked.errors)
      const general = checked.errors.form ?? checked.errors.blocks
      if (general) setFormError(general)
      focusFirstProblem()
      return
    }
    busy.current = true
    setErrors({})
    setSubmitting(true)
    options
      .onSubmit(checked.input)
      .then(() => setDirty(false))
      .catch((thrown: unknown) => {
        const error = toApiError(thrown)
        const mapped: Errors = {}
        for (const [path, messages] of Object.entries(error.fieldErrors ?? {}))
          if (messages[0]) mapped[fieldKey(path)] ??= messages[0]
        setErrors(mapped)
        // Field messages explain themselves; anything else (a 409 on the version, a 403) goes on top.
        if (!Object.keys(mapped).length || mapped.blocks || mapped.form) setFormError(error.message)
        focusFirstProblem()
      })
      .finally(() => {
        busy.current = false
        setSubmitting(false)
      })
  }

  return {
    draft,
    errors,
    formError,
    submitting,
    dirty,
    field,
    blockField,
    setStatus: (status: LandingDraft['status']) => update((d) => ({ ...d, status })),
    setSource: (index: number, source: BlockDraft['source']) => {
      clear(`blocks.${index}.search`, `blocks.${index}.slugs`)
      update((d) => ({ ...d, blocks: d.blocks.map((b, i) => (i === index ? { ...b, source } : b)) }))
    },
    addBlock: (type: BlockType) => changeBlocks((blocks) => [...blocks, emptyBlock(type)]),
    removeBlock: (index: number) => changeBlocks((blocks) => blocks.filter((_, i) => i !== index)),
    moveBlock: (index: number, by: -1 | 1) =>
      changeBlocks((blocks) => {
        const to = index + by
        if (to < 0 || to >= blocks.length) return blocks
        const next = [...blocks]
        ;[next[index], next[to]] = [next[to]!, next[index]!]
        return next
      }),
    submit,
    formProps: {
      id: formId,
      noValidate: true as const,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault()
        submit()
      },
    },
  }
}

export type LandingForm = ReturnType<typeof useLandingForm>
