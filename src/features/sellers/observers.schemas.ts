import * as v from 'valibot'
import { INT4_MAX } from '~/lib/schema-pieces'
import { phoneSchema } from '~/features/auth'
import { m } from '~/lib/messages'

/**
 * Observers of a seller (DOMAIN.md "Observer"): the seller's owner invites people by cellphone,
 * removes them, and cancels invitations not yet accepted. One schema per input, shared by the form
 * and the server.
 */

/** Observers plus pending invitations a seller may have at once. */
export const MAX_OBSERVERS_PER_SELLER = 10
/** Invitations send text messages, so a seller may send only this many per hour. */
export const INVITATIONS_PER_HOUR = 10

export const ONLY_OWNER_MANAGES_OBSERVERS = () => m.content_err_only_owner_observers()

/** The cellphone to invite: a +98 mobile, normalised to E.164 like sign-in numbers. */
export const inviteObserverInput = v.object({ cellphone: phoneSchema })

/** `choose` is a message ("Choose an observer"), called when a value is checked. */
const idOf = (choose: () => string) =>
  v.pipe(v.number(choose), v.integer(choose), v.minValue(1, choose), v.maxValue(INT4_MAX, choose))

export const removeObserverInput = v.object({ user_id: idOf(() => m.content_err_choose_observer()) })
export const cancelInvitationInput = v.object({
  invitation_id: idOf(() => m.content_err_choose_invitation()),
})

export type InviteObserverInput = v.InferOutput<typeof inviteObserverInput>
export type RemoveObserverInput = v.InferOutput<typeof removeObserverInput>
export type CancelInvitationInput = v.InferOutput<typeof cancelInvitationInput>

export interface Observer {
  user_id: number
  first_name: string | null
  last_name: string | null
  cellphone: string
  /** When they became an observer of this seller (ISO), null if it predates invitations. */
  since: string | null
}

export interface PendingInvitation {
  id: number
  cellphone: string
  created_at: string
}

export interface ObserversOverview {
  observers: Observer[]
  invitations: PendingInvitation[]
  /** Observers plus pending invitations may not pass this (the plan's limit, at most the hard cap). */
  limit: number
  /** When the plan's limit is what stops a new invitation: the plan's words for it. */
  planReason: string | null
}

/** What the seller sees after an invitation: added at once, or waiting for the number to sign up. */
export type InviteResult =
  { kind: 'added'; observer: Observer } | { kind: 'invited'; invitation: PendingInvitation }

/** Spec §3: first plus last name, else the cellphone. */
export function observerName(observer: Pick<Observer, 'first_name' | 'last_name' | 'cellphone'>): string {
  const name = [observer.first_name, observer.last_name].filter(Boolean).join(' ').trim()
  return name || observer.cellphone
}
