import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { getDb } from '~/server/db/database.server'
import { validate } from '~/server/http/api-errors.server'
import {
  faqDeleteInput,
  faqEntryInput,
  helpSearchInput,
  pageSlugInput,
  updatePageInput,
} from './content.schemas'
import {
  deleteFaqEntry,
  getContentPage,
  listContentForAdmin,
  listFaq,
  listFaqForAdmin,
  listGuides,
  saveFaqEntry,
  searchHelp,
  updateContentPage,
} from './content.server'

/** Server functions for the help pages (public reads) and /admin/content (admin writes). */

export const fetchContentPage = createServerFn({ method: 'GET' })
  .validator(validate(pageSlugInput))
  .handler(async ({ data }) => getContentPage(await getDb(), data.slug))

export const fetchGuides = createServerFn({ method: 'GET' }).handler(async () => listGuides(await getDb()))

export const fetchFaq = createServerFn({ method: 'GET' }).handler(async () => listFaq(await getDb()))

export const searchHelpFn = createServerFn({ method: 'GET' })
  .validator(validate(helpSearchInput))
  .handler(async ({ data }) => searchHelp(await getDb(), data.q))

export const fetchAdminContent = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => listContentForAdmin(context.db, context.auth))

export const fetchAdminFaq = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => listFaqForAdmin(context.db, context.auth))

export const updateContentPageFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(updatePageInput))
  .handler(async ({ data, context }) => updateContentPage(context.db, context.auth, data))

export const saveFaqEntryFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(faqEntryInput))
  .handler(async ({ data, context }) => saveFaqEntry(context.db, context.auth, data))

export const deleteFaqEntryFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(faqDeleteInput))
  .handler(async ({ data, context }) => deleteFaqEntry(context.db, context.auth, data.id))
