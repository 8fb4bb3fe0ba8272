/**
 * The authorisation matrix's rules: who each role is, which roles an access class lets through
 * (DOMAIN.md "People and roles" and "The seller's side"), and whose each kind of resource is. The
 * tables are keyed by access class, role and resource kind, never by endpoint: an endpoint gets
 * its class from the guards it runs (tests/support/endpoint-access.ts) and its resources from the
 * fields it takes, so a new endpoint joins the matrix by existing.
 */
import type { EndpointAccess, Guard, GuardKind } from '../support/endpoint-access'

export const ROLES = [
  'guest',
  'buyer',
  'otherBuyer',
  'pendingSeller',
  'observer',
  'otherSeller',
  'seller',
  'admin',
] as const
export type Role = (typeof ROLES)[number]

/** What each role is, as the guards see it. `seller` is the approved seller owning the world. */
const PROFILE: Record<
  Role,
  { signedIn: boolean; sellerRole: 'owner' | 'observer' | null; approved: boolean; admin: boolean }
> = {
  guest: { signedIn: false, sellerRole: null, approved: false, admin: false },
  buyer: { signedIn: true, sellerRole: null, approved: false, admin: false },
  otherBuyer: { signedIn: true, sellerRole: null, approved: false, admin: false },
  pendingSeller: { signedIn: true, sellerRole: 'owner', approved: false, admin: false },
  observer: { signedIn: true, sellerRole: 'observer', approved: true, admin: false },
  otherSeller: { signedIn: true, sellerRole: 'owner', approved: true, admin: false },
  seller: { signedIn: true, sellerRole: 'owner', approved: true, admin: false },
  admin: { signedIn: true, sellerRole: null, approved: false, admin: true },
}

/** Whether a role passes one guard (the policy the guards implement). */
function passes(guard: Pick<Guard, 'kind' | 'observers'>, role: Role): boolean {
  const who = PROFILE[role]
  if (!who.signedIn) return false
  switch (guard.kind) {
    case 'user':
      return true
    case 'admin':
      return who.admin
    case 'seller':
    case 'approvedSeller':
      if (who.sellerRole === null || (who.sellerRole === 'observer' && !guard.observers)) return false
      return guard.kind === 'seller' || who.approved
  }
}

/** The classes an `@access` tag may name, as the guard they stand for. */
const DECLARABLE: Record<string, Pick<Guard, 'kind' | 'observers'> | 'open'> = {
  open: 'open',
  user: { kind: 'user', observers: false },
  admin: { kind: 'admin', observers: false },
  seller: { kind: 'seller', observers: true },
  'seller-owner': { kind: 'seller', observers: false },
  'approved-seller': { kind: 'approvedSeller', observers: true },
  'approved-seller-owner': { kind: 'approvedSeller', observers: false },
}

export type AccessClass =
  | { kind: 'open'; why: string }
  | { kind: 'guarded'; guards: Pick<Guard, 'kind' | 'observers' | 'where'>[] }
  | { kind: 'unclassified'; why: string }

const HOW_TO_CLASSIFY =
  'Call a guard from src/server/auth/guards.server.ts (requireUser, requireSeller, requireApprovedSeller, ' +
  'requireAdmin) unconditionally in the endpoint or its operation, or, when the endpoint decides about the ' +
  `caller itself, tag its declaration with \`@access <class>\` (one of: ${Object.keys(DECLARABLE).join(', ')}).`

export function accessClass(access: EndpointAccess): AccessClass {
  const { definite, readsCaller, declared } = access
  if (declared !== null) {
    const stands = DECLARABLE[declared]
    if (!stands)
      return { kind: 'unclassified', why: `unknown @access class "${declared}". ${HOW_TO_CLASSIFY}` }
    if (definite.length)
      return {
        kind: 'unclassified',
        why: `it is tagged @access ${declared} but runs guards (${definite.map((g) => g.where).join(', ')}): remove the tag, the guards decide`,
      }
    return stands === 'open'
      ? { kind: 'open', why: '@access open' }
      : { kind: 'guarded', guards: [{ ...stands, where: `@access ${declared}` }] }
  }
  if (definite.length) return { kind: 'guarded', guards: definite }
  if (readsCaller.length === 0) return { kind: 'open', why: 'it never looks at the caller' }
  return {
    kind: 'unclassified',
    why: `it reads the caller (${readsCaller.join(', ')}) but runs no guard. ${HOW_TO_CLASSIFY}`,
  }
}

/**
 * Whose each kind of resource is, by the field that names it (`order_id`, `storeId`, a route's
 * `$id` under `cart-items`…): 'buyer' (the buyer's own), 'seller' (the approved seller's, which its
 * observer acts on too), 'order' and 'invoice' (the buyer's and the seller's: which side an endpoint
 * serves follows from its guard), 'ticket' (the buyer's, answered by admins), 'admin' (platform
 * records only the admin gate guards), 'shared' (the shared catalogue anyone may name).
 */
export const RESOURCE_SIDES: Record<
  string,
  'buyer' | 'seller' | 'order' | 'invoice' | 'ticket' | 'admin' | 'shared'
> = {
  address: 'buyer',
  cart: 'buyer',
  'cart-item': 'buyer',
  order: 'order',
  invoice: 'invoice',
  ticket: 'ticket',
  attachment: 'ticket',
  store: 'seller',
  product: 'seller',
  sku: 'seller',
  tier: 'seller',
  import: 'seller',
  magazine: 'seller',
  'magazine-page': 'seller',
  'magazine-item': 'seller',
  invitation: 'seller',
  /** Plan purchases and the platform's invoices for them are the seller's. */
  purchase: 'seller',
  'platform-invoice': 'seller',
  /** The platform's monthly commission invoice to a seller (issue #38). */
  'commission-invoice': 'seller',
  /** A buyer's application for credit terms, decided by the seller it was sent to (issue #39). */
  'credit-application': 'seller',
  /** A buyer's Plus purchase (by its number) and the invoice for it are the buyer's own. */
  membership: 'buyer',
  'plus-invoice': 'buyer',
  /** A buyer's saved list (issue #41): private to its owner. */
  list: 'buyer',
  /** The users a seller names by id are its observers. */
  user: 'seller',
  seller: 'admin',
  /** Payout batches and their lines: the back office's alone (the admin gate guards them). */
  'payout-batch': 'admin',
  'payout-line': 'admin',
  /**
   * A request for quotation and a seller's quote on it (issue #40): the buyer's through the buyer's
   * endpoints, the seller's (and its observer's) through the seller's, as an order is.
   */
  'quote-request': 'order',
  quote: 'order',
  'request-line': 'order',
  landing: 'admin',
  faq: 'admin',
  /** A user account as the back office names it (`account_id`): only the admin gate guards it. */
  account: 'admin',
  category: 'shared',
  /** A seller plan: the same for everyone; only the admin gate guards its edit. */
  plan: 'shared',
  brand: 'shared',
  /** The admin's merge targets and a category's new parent: shared catalogue records too. */
  'into-brand': 'shared',
  'into-category': 'shared',
  parent: 'shared',
}

const SELLER_SIDE: Role[] = ['seller', 'observer']

/** The roles that may reach a resource of this side through an endpoint with these guards. */
function accessors(side: (typeof RESOURCE_SIDES)[string], guards: Pick<Guard, 'kind'>[]): Role[] {
  const has = (kind: GuardKind) => guards.some((g) => g.kind === kind)
  switch (side) {
    case 'buyer':
      return ['buyer']
    case 'seller':
      // Admin operations (the product review queue, product edits) act on any seller's records.
      return has('admin') ? ['admin'] : SELLER_SIDE
    case 'order':
      if (has('admin')) return ['admin']
      return has('seller') || has('approvedSeller') ? SELLER_SIDE : ['buyer']
    case 'invoice':
      return ['buyer', ...SELLER_SIDE, 'admin']
    case 'ticket':
      return ['buyer', 'admin']
    case 'admin':
    case 'shared':
      return [...ROLES]
  }
}

/** Roles with some relation to the world's resource of this side (they may be told 403, not 404). */
function related(side: (typeof RESOURCE_SIDES)[string]): Role[] {
  if (side === 'order' || side === 'invoice') return ['buyer', ...SELLER_SIDE, 'admin']
  return accessors(side, [])
}

export type Expected =
  | { outcome: 'refused'; statuses: number[]; why: string }
  | { outcome: 'allowed'; scoped: boolean; why: string }
  | { outcome: 'same-as-guest'; why: string }

/** What a role must get from an endpoint of this class naming these resources. */
export function expectedFor(role: Role, access: AccessClass, resources: string[]): Expected {
  if (access.kind === 'unclassified') throw new Error(access.why)
  if (access.kind === 'open') return { outcome: 'same-as-guest', why: `open: ${access.why}` }
  const refusedBy = access.guards.find((guard) => !passes(guard, role))
  if (refusedBy) {
    const status = PROFILE[role].signedIn ? 403 : 401
    return { outcome: 'refused', statuses: [status], why: `${refusedBy.kind} guard (${refusedBy.where})` }
  }
  for (const kind of resources) {
    const side = RESOURCE_SIDES[kind]!
    if (!accessors(side, access.guards).includes(role)) {
      // Ids outside the caller's scope answer like missing ones (404: ids reveal nothing); a role
      // related to the resource in another way may be told 403 instead.
      const statuses = related(side).includes(role) ? [403, 404] : [404]
      return { outcome: 'refused', statuses, why: `not ${role}'s ${kind}` }
    }
  }
  return { outcome: 'allowed', scoped: resources.length > 0, why: 'passes the guards' }
}

/**
 * The resource kind a field names: `order_id`/`orderId`/`orderNumber` → order; a bare `id` names
 * `idNoun`, which the caller takes from the schema's name (`landingIdInput` → landing) or from a
 * route's segment before `$id` (`cart-items` → cart-item). Null for fields that name no resource.
 */
export function resourceKindOf(field: string, idNoun: string | null): string | null {
  if (field === 'id') return idNoun
  const named = /^(.+?)(_id|Id|Number)$/.exec(field)
  return named ? kebab(named[1]!) : null
}

const kebab = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase()

/** What a bare `id` names: from the schema (`faqDeleteInput` → faq) or the route's path. */
export function idNounOf(schemaName: string | null, path: string | null): string | null {
  if (path) {
    const segment = /\/([^/$]+)\/\$id\b/.exec(path)?.[1]
    return segment ? kebab(segment).replace(/s$/, '') : null
  }
  if (!schemaName) return null
  const noun = schemaName
    .replace(/^(update|create|delete|set|save)/, '')
    .replace(/(Id|Delete|Entry)*Input$/, '')
  return noun ? kebab(noun.replace(/^./, (c) => c.toLowerCase())) : null
}
