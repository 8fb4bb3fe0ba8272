import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { cancelInvitationInput, inviteObserverInput, removeObserverInput } from './observers.schemas'
import { cancelInvitation, inviteObserver, listObservers, removeObserver } from './observers.server'

/** Server functions for /seller/profile/observers. Only the seller's owner passes the operations' guard. */

export const fetchObservers = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => listObservers(context.db, context.auth))

export const inviteObserverFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(inviteObserverInput))
  .handler(async ({ data, context }) => inviteObserver(context.db, context.auth, data))

export const removeObserverFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(removeObserverInput))
  .handler(async ({ data, context }) => removeObserver(context.db, context.auth, data))

export const cancelObserverInvitationFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(cancelInvitationInput))
  .handler(async ({ data, context }) => cancelInvitation(context.db, context.auth, data))
