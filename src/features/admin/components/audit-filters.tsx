import * as v from 'valibot'
import { textSchema } from '~/lib/schema-pieces'
import { m } from '~/lib/messages'
import { Button } from '~/ui/button'
import { useAppForm } from '~/ui/form/app-form'
import type { AuditSearch } from '../admin.schemas'

const DATE = v.union([
  v.literal(''),
  v.pipe(
    v.string(),
    v.isoDate(() => m.admin_audit_choose_date()),
  ),
])
const ID = v.union([
  v.literal(''),
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,9}$/, () => m.admin_audit_use_number()),
  ),
])

/** The form's text as checked before the URL changes (the URL's own schema checks it again). */
const filterSchema = v.pipe(
  v.object({
    actor: ID,
    seller: ID,
    action: v.pipe(
      textSchema(60),
      v.regex(/^[a-z0-9_.]*$/, () => m.admin_audit_action_format()),
    ),
    record_type: v.pipe(
      textSchema(40),
      v.regex(/^[a-z0-9_]*$/, () => m.admin_audit_record_type_format()),
    ),
    record: textSchema(60),
    from: DATE,
    to: DATE,
  }),
  v.forward(
    v.check(
      ({ from, to }) => !from || !to || from <= to,
      () => m.admin_audit_dates_order(),
    ),
    ['to'],
  ),
)

type Filters = Omit<AuditSearch, 'page'>

/** Actor, seller, action, record and Tehran days: applied through the URL so a view can be shared. */
export function AuditFilters({ values, onApply }: { values: Filters; onApply: (next: Filters) => void }) {
  const blank = { actor: '', seller: '', action: '', record_type: '', record: '', from: '', to: '' }
  const { form, formProps } = useAppForm({
    schema: filterSchema,
    defaultValues: {
      actor: values.actor ? String(values.actor) : '',
      seller: values.seller ? String(values.seller) : '',
      action: values.action ?? '',
      record_type: values.record_type ?? '',
      record: values.record ?? '',
      from: values.from ?? '',
      to: values.to ?? '',
    },
    onSubmit: async (draft) =>
      onApply({
        actor: draft.actor ? Number(draft.actor) : undefined,
        seller: draft.seller ? Number(draft.seller) : undefined,
        action: draft.action || undefined,
        record_type: draft.record_type || undefined,
        record: draft.record || undefined,
        from: draft.from || undefined,
        to: draft.to || undefined,
      }),
  })
  const filtered = Object.values(values).some((value) => value !== undefined)
  return (
    <form
      {...formProps}
      aria-label={m.admin_audit_filter_label()}
      className="grid grid-cols-2 gap-3 rounded-2xl border border-stone-200 bg-white p-4 lg:grid-cols-4"
    >
      <form.AppField name="action">
        {(field) => (
          <field.TextField
            label={m.admin_audit_action()}
            placeholder={m.admin_audit_action_placeholder()}
            dir="ltr"
          />
        )}
      </form.AppField>
      <form.AppField name="actor">
        {(field) => <field.TextField label={m.admin_audit_actor()} inputMode="numeric" dir="ltr" />}
      </form.AppField>
      <form.AppField name="seller">
        {(field) => <field.TextField label={m.admin_audit_seller_id()} inputMode="numeric" dir="ltr" />}
      </form.AppField>
      <form.AppField name="record_type">
        {(field) => (
          <field.TextField
            label={m.admin_audit_record_type()}
            placeholder={m.admin_audit_record_type_placeholder()}
            dir="ltr"
          />
        )}
      </form.AppField>
      <form.AppField name="record">
        {(field) => <field.TextField label={m.admin_audit_record_id()} dir="ltr" />}
      </form.AppField>
      <form.AppField name="from">{(field) => <field.DateField label={m.admin_audit_from()} />}</form.AppField>
      <form.AppField name="to">{(field) => <field.DateField label={m.admin_audit_to()} />}</form.AppField>
      <div className="flex items-end gap-2">
        <form.AppForm>
          <form.SubmitButton variant="primary">{m.admin_filter()}</form.SubmitButton>
        </form.AppForm>
        {filtered ? (
          <Button
            variant="ghost"
            onClick={() => {
              form.reset(blank)
              onApply({})
            }}
          >
            {m.admin_clear()}
          </Button>
        ) : null}
      </div>
    </form>
  )
}
