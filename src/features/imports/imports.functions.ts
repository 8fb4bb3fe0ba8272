import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import {
  applyImportInput,
  importHistoryInput,
  importIdInput,
  importRowsInput,
  IMPORTS_PER_PAGE,
  ROWS_PER_PAGE,
} from './imports.schemas'
import { getImport, listImportRows, listImports, requestApply, revertImport } from './imports.server'

/**
 * Server functions of /seller/inventory/import-price. Who may do what is decided in the operations.
 * The upload itself is POST /api/seller/imports/upload, which caps the body before reading it.
 */

export const fetchImport = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(importIdInput))
  .handler(async ({ data, context }) => getImport(context.db, context.auth, data.importId))

export const fetchImportRows = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(importRowsInput))
  .handler(async ({ data, context }) =>
    listImportRows(context.db, context.auth, data.importId, { ...data, perPage: ROWS_PER_PAGE }),
  )

export const fetchImports = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(importHistoryInput))
  .handler(async ({ data, context }) =>
    listImports(context.db, context.auth, { ...data, perPage: IMPORTS_PER_PAGE }),
  )

export const applyImportFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(applyImportInput))
  .handler(async ({ data, context }) => {
    await requestApply(context.db, context.auth, data.importId, data.mode)
    return getImport(context.db, context.auth, data.importId)
  })

export const revertImportFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(importIdInput))
  .handler(async ({ data, context }) => revertImport(context.db, context.auth, data.importId))
