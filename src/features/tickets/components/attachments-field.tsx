import { useId, useState } from 'react'
import { Field } from '~/ui/field'
import { ATTACHMENT_ACCEPT, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '../tickets.schemas'
import { formatSize } from './ticket-badges'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

/** Checks the browser can make before uploading; the server checks again, by the files' bytes. */
export function attachmentProblem(files: File[]): string | null {
  if (files.length > MAX_ATTACHMENTS) return m.account_attach_at_most({ count: formatNumber(MAX_ATTACHMENTS) })
  if (files.some((file) => file.size > MAX_ATTACHMENT_BYTES))
    return m.account_attach_size({ size: formatNumber(MAX_ATTACHMENT_BYTES / 1024 / 1024) })
  return null
}

/** Up to three images or PDFs. `error` is the server's message about them, if any. */
export function AttachmentsField({
  files,
  onChange,
  error,
}: {
  files: File[]
  onChange: (files: File[]) => void
  error?: string | null
}) {
  const [inputKey, setInputKey] = useState(0)
  const id = useId()
  const problem = attachmentProblem(files)
  return (
    <Field
      label={m.account_attachments()}
      hint={m.account_attachments_hint({
        count: formatNumber(MAX_ATTACHMENTS),
        size: formatNumber(MAX_ATTACHMENT_BYTES / 1024 / 1024),
      })}
      error={problem ?? error}
    >
      {(control) => (
        <div className="flex flex-col gap-2">
          <input
            key={inputKey}
            {...control}
            id={control.id}
            name="attachments"
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            onChange={(event) => onChange([...files, ...Array.from(event.target.files ?? [])])}
            className="block w-full text-sm text-stone-700 file:me-3 file:rounded-lg file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-stone-200"
          />
          {files.length ? (
            <ul aria-label={m.account_files_to_send()} className="flex flex-col gap-1 text-sm">
              {files.map((file, index) => (
                <li
                  key={`${file.name}-${index}`}
                  id={`${id}-${index}`}
                  className="flex items-center justify-between gap-2 rounded-lg bg-stone-50 px-3 py-1.5"
                >
                  <span className="truncate">
                    <bdi>{file.name}</bdi> <span className="text-stone-500">({formatSize(file.size)})</span>
                  </span>
                  <button
                    type="button"
                    className="text-xs font-medium text-red-700 hover:underline"
                    onClick={() => {
                      onChange(files.filter((_, i) => i !== index))
                      setInputKey((k) => k + 1)
                    }}
                  >
                    {m.account_remove()}<span className="sr-only"> {file.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </Field>
  )
}

/** A FormData with the text fields and the files, as the ticket server functions read it. */
export function toFormData(fields: Record<string, string | number | undefined>, files: File[]): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.append(key, String(value))
  for (const file of files) data.append('attachments', file)
  return data
}
