import { createMiddleware, createServerFn } from '@tanstack/react-start'
import { requireAdmin } from '~/server/auth/guards.server'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { landingIdInput, landingPageInput, updateLandingInput } from './landing-admin.schemas'
import {
  createLandingPage,
  deleteLandingPage,
  getLandingPageForAdmin,
  listLandingPagesForAdmin,
  previewLandingPage,
  updateLandingPage,
} from './landing-admin.server'

/**
 * Server functions for /admin/landing. The middleware refuses non-admins before the input is
 * even read (a 401 or 403, never a 422 that would describe the form to them); each operation
 * checks again itself.
 */

const adminOnly = createMiddleware({ type: 'function' })
  .middleware([authContext])
  .server(async ({ next, context }) => next({ context: { auth: requireAdmin(context.auth) } }))

export const fetchAdminLandingPages = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .handler(async ({ context }) => listLandingPagesForAdmin(context.db, context.auth))

export const fetchAdminLandingPage = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .validator(validate(landingIdInput))
  .handler(async ({ data, context }) => getLandingPageForAdmin(context.db, context.auth, data.id))

export const createLandingPageFn = createServerFn({ method: 'POST' })
  .middleware([adminOnly])
  .validator(validate(landingPageInput))
  .handler(async ({ data, context }) => createLandingPage(context.db, context.auth, data))

export const updateLandingPageFn = createServerFn({ method: 'POST' })
  .middleware([adminOnly])
  .validator(validate(updateLandingInput))
  .handler(async ({ data, context }) => updateLandingPage(context.db, context.auth, data))

export const deleteLandingPageFn = createServerFn({ method: 'POST' })
  .middleware([adminOnly])
  .validator(validate(landingIdInput))
  .handler(async ({ data, context }) => deleteLandingPage(context.db, context.auth, data.id))

/** POST: the unsaved page travels in the body, not in a URL. */
export const previewLandingPageFn = createServerFn({ method: 'POST' })
  .middleware([adminOnly])
  .validator(validate(landingPageInput))
  .handler(async ({ data, context }) => previewLandingPage(context.db, context.auth, data))
