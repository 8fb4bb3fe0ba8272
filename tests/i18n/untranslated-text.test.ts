import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scanSources, untranslated } from './untranslated-scan'

/** Files not converted yet, and how many places with words each still has. Only ever shrinks. */
const NOT_YET: Record<string, number> = {
  'src/features/addresses/components/address-form.tsx': 12,
  'src/features/addresses/components/address-list.tsx': 10,
  'src/features/addresses/components/delete-address-dialog.tsx': 4,
  'src/features/addresses/components/inline-address-create.tsx': 1,
  'src/features/auth/components/account-forms.tsx': 9,
  'src/features/auth/components/code-field.tsx': 1,
  'src/features/auth/components/code-request-form.tsx': 9,
  'src/features/auth/components/dev-outbox.tsx': 6,
  'src/features/auth/components/mobile-change.tsx': 7,
  'src/features/auth/components/profile-overview.tsx': 12,
  'src/features/auth/components/verify-page.tsx': 13,
  'src/features/catalog/components/landing-admin-blocks.tsx': 26,
  'src/features/catalog/components/landing-admin-delete.tsx': 3,
  'src/features/catalog/components/landing-admin-editor.tsx': 15,
  'src/features/catalog/components/landing-admin-list.tsx': 7,
  'src/features/catalog/components/landing-admin-preview.tsx': 4,
  'src/features/catalog/components/landing-page.tsx': 3,
  'src/features/catalog/components/store-header.tsx': 1,
  'src/features/catalog-admin/components/admin-product-edit.tsx': 20,
  'src/features/catalog-admin/components/brands-admin.tsx': 25,
  'src/features/catalog-admin/components/categories-admin.tsx': 22,
  'src/features/catalog-admin/components/category-image-dialog.tsx': 9,
  'src/features/compare/components/compare-drawer.tsx': 7,
  'src/features/content/components/content-page.tsx': 1,
  'src/features/content/components/faq-editor.tsx': 9,
  'src/features/content/components/faq-page.tsx': 7,
  'src/features/content/components/guides-page.tsx': 2,
  'src/features/content/components/help-center-page.tsx': 7,
  'src/features/content/components/page-editor.tsx': 8,
  'src/features/content/components/support-chats.tsx': 1,
  'src/features/history/components/browse-history-page.tsx': 8,
  'src/features/magazines/components/magazine-cards.tsx': 1,
  'src/features/magazines/components/magazine-editor.tsx': 32,
  'src/features/magazines/components/magazine-form.tsx': 11,
  'src/features/magazines/components/magazine-list.tsx': 19,
  'src/features/magazines/components/magazine-picker.tsx': 13,
  'src/features/magazines/components/magazine-view.tsx': 17,
  'src/features/magazines/components/store-magazines.tsx': 1,
  'src/features/sellers/components/become-seller-form.tsx': 7,
  'src/features/sellers/components/become-seller-page.tsx': 13,
  'src/features/sellers/components/business-contact-fields.tsx': 3,
  'src/features/sellers/components/observers-panel.tsx': 19,
  'src/features/sellers/components/seller-profile-form.tsx': 12,
  'src/features/tickets/components/attachments-field.tsx': 4,
  'src/features/tickets/components/contact-form.tsx': 14,
  'src/features/tickets/components/department-field.tsx': 1,
  'src/features/tickets/components/inbox-filters.tsx': 6,
  'src/features/tickets/components/new-ticket-form.tsx': 6,
  'src/features/tickets/components/ticket-list.tsx': 1,
  'src/features/tickets/components/ticket-reply.tsx': 1,
  'src/features/tickets/components/ticket-thread.tsx': 7,
  'src/routes/_default/category/$slug.tsx': 1,
  'src/routes/_default/category/index.tsx': 1,
  'src/routes/_default/contact.tsx': 1,
  'src/routes/_default/magazine/index.tsx': 14,
  'src/routes/_default/select-category.tsx': 1,
  'src/routes/buyer/index.tsx': 3,
  'src/routes/buyer/invoices/$id.tsx': 5,
  'src/routes/buyer/invoices/index.tsx': 5,
  'src/routes/buyer/orders/$id.process.tsx': 2,
  'src/routes/buyer/orders/index.tsx': 5,
  'src/routes/buyer/profile/address/$id.tsx': 2,
  'src/routes/buyer/profile/address/create.tsx': 2,
  'src/routes/buyer/profile/address/index.tsx': 2,
  'src/routes/buyer/profile/index.tsx': 1,
  'src/routes/buyer/profile/mobile.tsx': 1,
  'src/routes/buyer/profile/profile.tsx': 1,
  'src/routes/buyer/tickets/$id.show.tsx': 1,
  'src/routes/buyer/tickets/create.tsx': 3,
  'src/routes/buyer/tickets/index.tsx': 3,
  'src/routes/seller/magazines/$magazineId.edit.tsx': 3,
  'src/routes/seller/magazines/$magazineId.products.tsx': 5,
  'src/routes/seller/magazines/create.tsx': 2,
  'src/routes/seller/magazines/index.tsx': 2,
  'src/routes/seller/profile.tsx': 1,
  'src/routes/seller/profile_.observers.tsx': 3,
  'src/ui/day-chart.tsx': 1,
  'src/ui/form/fields.tsx': 2,
  'src/ui/form/unsaved-changes.tsx': 4,
  'src/ui/reason-dialog.tsx': 2,
}

describe('words in components are messages (issue #22)', () => {
  const all = scanSources()

  it('has no file with written-in words beyond what the not-yet list allows', () => {
    const over = all
      .filter(({ file, found }) => found.length > (NOT_YET[file] ?? 0))
      .map(
        ({ file, found }) =>
          `${file} (${found.length}, allowed ${NOT_YET[file] ?? 0}):\n  ${found.join('\n  ')}`,
      )
    expect(over, over.join('\n')).toEqual([])
  })

  it('keeps the not-yet list honest: no entry above what its file holds', () => {
    const stale = Object.entries(NOT_YET)
      .filter(([file, allowed]) => (all.find((f) => f.file === file)?.found.length ?? 0) < allowed)
      .map(
        ([file, allowed]) =>
          `${file}: allowed ${allowed}, now ${all.find((f) => f.file === file)?.found.length ?? 0}`,
      )
    expect(stale, stale.join('\n')).toEqual([])
  })

  it('finds words where a reader sees them (the scan itself works)', () => {
    const fixture = join(import.meta.dirname, 'fixtures/untranslated.tsx')
    expect(untranslated(fixture).map((line) => line.split(':')[0])).toEqual(['5', '6', '7', '8'])
  })
})
