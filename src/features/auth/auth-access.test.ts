import { describe, expect, it } from 'vitest'
import { decideAreaAccess, type UserAccess } from './auth-access'

const seller = (status: 'pending' | 'approved') => ({ id: 7, status, display_name: 'Golbarg' })

const users: Record<string, UserAccess | null> = {
  guest: null,
  buyer: { is_seller: false, is_observer: false, pointing_seller_id: null, is_admin: false, seller: null },
  pendingSeller: {
    is_seller: true,
    is_observer: false,
    pointing_seller_id: null,
    is_admin: false,
    seller: seller('pending'),
  },
  approvedSeller: {
    is_seller: true,
    is_observer: false,
    pointing_seller_id: null,
    is_admin: false,
    seller: seller('approved'),
  },
  observer: {
    is_seller: false,
    is_observer: true,
    pointing_seller_id: 7,
    is_admin: false,
    seller: seller('approved'),
  },
  observerWithoutSeller: {
    is_seller: false,
    is_observer: true,
    pointing_seller_id: null,
    is_admin: false,
    seller: null,
  },
  admin: { is_seller: false, is_observer: false, pointing_seller_id: null, is_admin: true, seller: null },
}

const approvedOnly = {
  kind: 'not-approved',
  message: 'You need to be an approved seller to access this page',
}

/** Spec §6 navigation rules: what each role meets at each kind of path. */
const table: Array<[string, string, object]> = [
  ['guest', '/buyer/orders', { kind: 'sign-in' }],
  ['guest', '/seller', { kind: 'sign-in' }],
  ['guest', '/admin/sellers', { kind: 'sign-in' }],
  ['guest', '/product', { kind: 'allow' }],
  ['buyer', '/buyer/profile/mobile', { kind: 'allow' }],
  ['buyer', '/seller', { kind: 'not-seller' }],
  ['buyer', '/admin', { kind: 'forbidden' }],
  ['pendingSeller', '/seller', { kind: 'allow' }],
  ['pendingSeller', '/seller/profile', { kind: 'allow' }],
  ['pendingSeller', '/seller/profile/', { kind: 'allow' }],
  ['pendingSeller', '/seller/orders', approvedOnly],
  ['pendingSeller', '/seller/stores/3/edit', approvedOnly],
  ['approvedSeller', '/seller/inventory', { kind: 'allow' }],
  ['observer', '/seller/orders/5/process', { kind: 'allow' }],
  ['observerWithoutSeller', '/seller', { kind: 'not-seller' }],
  ['admin', '/admin/sellers', { kind: 'allow' }],
  ['admin', '/seller', { kind: 'not-seller' }],
  ['buyer', '/sellers-guide', { kind: 'allow' }],
]

describe('area access decisions', () => {
  it.each(table)('%s at %s', (role, path, decision) => {
    expect(decideAreaAccess(users[role]!, path)).toEqual(decision)
  })
})
