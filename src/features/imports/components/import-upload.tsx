import { useForm } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../import-format'
import { importQueries } from '../imports.queries'

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** What the browser can tell before uploading; the server checks the content again. */
export function fileProblem(file: { name: string; size: number } | null): string | undefined {
  if (!file) return m.tools_upload_choose_file()
  if (!/\.(csv|xlsx)$/i.test(file.name)) return m.tools_upload_wrong_type()
  if (file.size === 0) return m.tools_upload_empty()
  if (file.size > MAX_IMPORT_BYTES)
    return m.tools_upload_too_large({ size: formatNumber(MAX_IMPORT_BYTES / 1024 / 1024) })
  return undefined
}

/** Posts the sheet; a refusal (413, 415, 422) comes back as an error with the server's words. */
async function uploadSheet(body: FormData): Promise<{ importId: number }> {
  const response = await fetch('/api/seller/imports/upload', {
    method: 'POST',
    body,
    credentials: 'same-origin',
  })
  const reply = (await response.json().catch(() => null)) as {
    importId?: number
    message?: string
    errors?: { file?: string[] }
  } | null
  if (response.ok && reply?.importId) return { importId: reply.importId }
  throw new Error(reply?.errors?.file?.[0] ?? reply?.message ?? m.tools_upload_failed())
}

/** Step 2: upload a sheet; the dry run starts at once and the page follows it. */
export function ImportUpload({ onStarted }: { onStarted: (importId: number) => void }) {
  const queryClient = useQueryClient()
  const inputId = useId()
  const [serverError, setServerError] = useState<string | null>(null)
  // A file input cannot be emptied by state: a new key gives a fresh, empty one after each upload.
  const [inputKey, setInputKey] = useState(0)
  const form = useForm({
    defaultValues: { file: null as File | null },
    onSubmit: async ({ value, formApi }) => {
      setServerError(null)
      const body = new FormData()
      body.set('file', value.file!)
      try {
        const { importId } = await uploadSheet(body)
        await queryClient.invalidateQueries({ queryKey: importQueries.all })
        formApi.reset()
        setInputKey((key) => key + 1)
        onStarted(importId)
      } catch (thrown) {
        setServerError(thrown instanceof Error ? thrown.message : String(thrown))
      }
    },
  })
  return (
    <form
      noValidate
      aria-labelledby={`${inputId}-title`}
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-ink">
        {m.tools_upload_title()}
      </h2>
      <form.Field name="file" validators={{ onSubmit: ({ value }) => fileProblem(value) }}>
        {(field) => {
          const error = serverError ?? field.state.meta.errors[0]
          return (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={inputId} className="text-sm font-medium text-ink">
                {m.tools_upload_label({
                  size: formatNumber(MAX_IMPORT_BYTES / 1024 / 1024),
                  rows: formatNumber(MAX_IMPORT_ROWS),
                })}
              </label>
              <input
                key={inputKey}
                id={inputId}
                type="file"
                accept={ACCEPT}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
                className="block w-full max-w-md text-sm text-ink file:me-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-stone-50"
                onChange={(event) => {
                  setServerError(null)
                  field.handleChange(event.target.files?.[0] ?? null)
                }}
              />
              {error ? (
                <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
                  {String(error)}
                </p>
              ) : (
                <p id={`${inputId}-hint`} className="text-sm text-stone-600">
                  {m.tools_upload_hint()}
                </p>
              )}
            </div>
          )
        }}
      </form.Field>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <Button type="submit" className="self-start" disabled={submitting} aria-busy={submitting}>
            {submitting ? m.tools_upload_submitting() : m.tools_upload_submit()}
          </Button>
        )}
      </form.Subscribe>
    </form>
  )
}
