import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { emptyBlock, type BlockDraft, type BlockType } from '../landing-admin-draft'
import { LANDING_MAX_BLOCKS } from '../landing-admin.schemas'
import type { LandingForm } from './landing-admin-form'

const blockTypes: readonly BlockType[] = ['text', 'products', 'categories']

const typeLabels: Record<BlockType, () => string> = {
  text: () => m.magazines_landing_type_text(),
  products: () => m.magazines_landing_type_products(),
  categories: () => m.magazines_landing_type_categories(),
}

const typeHints: Record<BlockType, () => string> = {
  text: () => m.magazines_landing_hint_text(),
  products: () => m.magazines_landing_hint_products(),
  categories: () => m.magazines_landing_hint_categories(),
}

function ProductSource({ form, index, name }: { form: LandingForm; index: number; name: string }) {
  return (
    <form.Field name={`blocks[${index}].source`}>
      {(field) => (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-ink">
            {m.magazines_landing_which_products()}
          </legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {(
              [
                ['search', m.magazines_landing_source_search()],
                ['slugs', m.magazines_landing_source_slugs()],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-10 items-center gap-2 text-sm text-stone-800">
                <input
                  type="radio"
                  name={name}
                  value={value}
                  checked={field.state.value === value}
                  onChange={() => field.handleChange(value)}
                  className="h-4 w-4 accent-brand-700"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </form.Field>
  )
}

const mono = '[&_input]:font-mono [&_textarea]:font-mono'
/** An address, the same in every language. */
const LISTING_EXAMPLE = '/product?category=paper&discount=true&sort=popular'

function BlockFields({
  form,
  index,
  block,
  formId,
}: {
  form: LandingForm
  index: number
  block: BlockDraft
  formId: string
}) {
  const at = `blocks[${index}]` as const
  switch (block.type) {
    case 'text':
      return (
        <>
          <form.AppField name={`${at}.heading`}>
            {(field) => (
              <field.TextField label={m.magazines_landing_heading()} hint={m.magazines_landing_optional()} />
            )}
          </form.AppField>
          <form.AppField name={`${at}.body`}>
            {(field) => (
              <field.TextAreaField
                label={m.magazines_landing_text()}
                hint={m.magazines_landing_text_hint()}
                rows={5}
                required
              />
            )}
          </form.AppField>
        </>
      )
    case 'categories':
      return (
        <>
          <form.AppField name={`${at}.heading`}>
            {(field) => <field.TextField label={m.magazines_landing_heading()} required />}
          </form.AppField>
          <form.AppField name={`${at}.slugs`}>
            {(field) => (
              <field.TextAreaField
                label={m.magazines_landing_category_slugs()}
                hint={m.magazines_landing_category_slugs_hint()}
                rows={4}
                className={mono}
                required
              />
            )}
          </form.AppField>
        </>
      )
    case 'products':
      return (
        <>
          <form.AppField name={`${at}.heading`}>
            {(field) => <field.TextField label={m.magazines_landing_heading()} required />}
          </form.AppField>
          <ProductSource form={form} index={index} name={`${formId}-source-${block.key}`} />
          {block.source === 'search' ? (
            <form.AppField name={`${at}.search`}>
              {(field) => (
                <field.TextField
                  label={m.magazines_landing_listing_address()}
                  hint={m.magazines_landing_listing_address_hint()}
                  dir="ltr"
                  placeholder={LISTING_EXAMPLE}
                  className={mono}
                />
              )}
            </form.AppField>
          ) : (
            <form.AppField name={`${at}.slugs`}>
              {(field) => (
                <field.TextAreaField
                  label={m.magazines_landing_product_slugs()}
                  hint={m.magazines_landing_product_slugs_hint()}
                  rows={4}
                  className={mono}
                  required
                />
              )}
            </form.AppField>
          )}
          <form.AppField name={`${at}.limit`}>
            {(field) => (
              <field.TextField
                label={m.magazines_landing_limit()}
                hint={m.magazines_landing_limit_hint({ min: formatNumber(1), max: formatNumber(24) })}
                inputMode="numeric"
                className="sm:max-w-40"
              />
            )}
          </form.AppField>
        </>
      )
  }
}

/** A moved block's button loses focus when React moves its element: give it back (or to its twin). */
function refocus(ids: string[]) {
  requestAnimationFrame(() => {
    for (const id of ids) {
      const button = document.getElementById(id)
      if (button instanceof HTMLButtonElement && !button.disabled) return button.focus()
    }
  })
}

/** The page's blocks in order, each with its fields and move/remove buttons, then "Add a block". */
export function LandingBlocksEditor({ form, formId }: { form: LandingForm; formId: string }) {
  return (
    <form.Field name="blocks" mode="array">
      {(blocksField) => {
        const blocks = blocksField.state.value
        return (
          <section aria-labelledby="blocks-title" className="flex flex-col gap-3">
            <div>
              <h2 id="blocks-title" className="text-lg font-semibold text-ink">
                {m.magazines_landing_blocks()}
              </h2>
              <p className="text-sm text-stone-600">{m.magazines_landing_blocks_hint()}</p>
            </div>
            {blocks.length === 0 ? (
              <p className="rounded-xl border border-dashed border-stone-300 bg-white px-4 py-6 text-center text-sm text-stone-600">
                {m.magazines_landing_no_blocks()}
              </p>
            ) : null}
            <ol className="flex flex-col gap-3">
              {blocks.map((block, index) => {
                const number = formatNumber(index + 1)
                const label = m.magazines_landing_block_label({ number, type: typeLabels[block.type]() })
                const upId = `${formId}-${block.key}-up`
                const downId = `${formId}-${block.key}-down`
                return (
                  <li key={block.key}>
                    <fieldset className="flex min-w-0 flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4">
                      <legend className="sr-only">{label}</legend>
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <p aria-hidden="true" className="text-sm font-semibold text-ink">
                          {number}. {typeLabels[block.type]()}
                          <span className="ms-2 font-normal text-stone-600">{typeHints[block.type]()}</span>
                        </p>
                        <div className="flex gap-1">
                          <Button
                            variant="ghost"
                            size="sm"
                            id={upId}
                            disabled={index === 0}
                            aria-label={m.magazines_landing_move_up({ number })}
                            onClick={() => {
                              blocksField.moveValue(index, index - 1)
                              refocus([upId, downId])
                            }}
                          >
                            {m.magazines_landing_up()}
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            id={downId}
                            disabled={index === blocks.length - 1}
                            aria-label={m.magazines_landing_move_down({ number })}
                            onClick={() => {
                              blocksField.moveValue(index, index + 1)
                              refocus([downId, upId])
                            }}
                          >
                            {m.magazines_landing_down()}
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            className="text-red-800 hover:bg-red-50"
                            aria-label={m.magazines_landing_remove_block({ number })}
                            onClick={() => void blocksField.removeValue(index)}
                          >
                            {m.magazines_landing_remove()}
                          </Button>
                        </div>
                      </div>
                      <BlockFields form={form} index={index} block={block} formId={formId} />
                    </fieldset>
                  </li>
                )
              })}
            </ol>
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-medium text-ink">{m.magazines_landing_add_block()}</span>
              {blockTypes.map((type) => (
                <Button
                  key={type}
                  variant="secondary"
                  size="sm"
                  disabled={blocks.length >= LANDING_MAX_BLOCKS}
                  onClick={() => blocksField.pushValue(emptyBlock(type))}
                >
                  + {typeLabels[type]()}
                </Button>
              ))}
            </div>
          </section>
        )
      }}
    </form.Field>
  )
}
