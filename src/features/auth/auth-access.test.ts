import { describe, expect, it } from 'vitest'
import type { SellerStatus } from '~/lib/domain-enums'
import {
  approvedSellerMessage,
  canEnterSellerArea,
  decideAreaAccess,
  isApprovedSeller,
  returnPathFor,
  safeReturnPath,
  sellerRole,
  type UserAccess,
} from '~/lib/auth-access'

const seller = (status: SellerStatus) => ({ id: 7, status, display_name: 'Golbarg' })
const plain = {
  is_seller: false,
  is_observer: false,
  pointing_seller_id: null,
  is_admin: false,
  seller: null,
}

/** Every kind of user spec §6 and DOMAIN.md distinguish. */
const users = {
  guest: null,
  buyer: plain,
  pendingSeller: { ...plain, is_seller: true, seller: seller('pending') },
  rejectedSeller: { ...plain, is_seller: true, seller: seller('rejected') },
  suspendedSeller: { ...plain, is_seller: true, seller: seller('suspended') },
  approvedSeller: { ...plain, is_seller: true, seller: seller('approved') },
  observer: { ...plain, is_observer: true, pointing_seller_id: 7, seller: seller('approved') },
  observerOfPending: { ...plain, is_observer: true, pointing_seller_id: 7, seller: seller('pending') },
  observerWithoutSeller: { ...plain, is_observer: true, pointing_seller_id: null },
  /** A seller object that is not theirs to act for (never sent by the server, but must not count). */
  strayObserver: { ...plain, is_observer: true, pointing_seller_id: 8, seller: seller('approved') },
  admin: { ...plain, is_admin: true },
} satisfies Record<string, UserAccess | null>
type Kind = keyof typeof users

const allow = { kind: 'allow' }
const signIn = { kind: 'sign-in' }
const notSeller = { kind: 'not-seller' }
const notApproved = { kind: 'not-approved', message: approvedSellerMessage() }
const forbidden = { kind: 'forbidden' }

/**
 * Spec §6 as a table: what each kind of user meets at /buyer, /seller, /seller/profile, a seller
 * page that needs approval, /admin and a public page.
 */
const paths = [
  '/buyer/orders',
  '/seller',
  '/seller/profile',
  '/seller/inventory',
  '/admin/sellers',
  '/product',
]
const table: Record<Kind, object[]> = {
  guest: [signIn, signIn, signIn, signIn, signIn, allow],
  buyer: [allow, notSeller, notSeller, notSeller, forbidden, allow],
  pendingSeller: [allow, allow, allow, notApproved, forbidden, allow],
  rejectedSeller: [allow, allow, allow, notApproved, forbidden, allow],
  suspendedSeller: [allow, allow, allow, notApproved, forbidden, allow],
  approvedSeller: [allow, allow, allow, allow, forbidden, allow],
  observer: [allow, allow, allow, allow, forbidden, allow],
  observerOfPending: [allow, allow, allow, notApproved, forbidden, allow],
  observerWithoutSeller: [allow, notSeller, notSeller, notSeller, forbidden, allow],
  strayObserver: [allow, notSeller, notSeller, notSeller, forbidden, allow],
  admin: [allow, notSeller, notSeller, notSeller, allow, allow],
}

describe('area access decisions', () => {
  for (const [kind, decisions] of Object.entries(table) as [Kind, object[]][]) {
    it.each(paths.map((path, i) => [path, decisions[i]!] as const))(`${kind} at %s`, (path, decision) => {
      expect(decideAreaAccess(users[kind], path)).toEqual(decision)
    })
  }

  it('ignores trailing slashes and reads whole segments', () => {
    expect(decideAreaAccess(users.pendingSeller, '/seller/profile/')).toEqual(allow)
    expect(decideAreaAccess(users.pendingSeller, '/seller/')).toEqual(allow)
    expect(decideAreaAccess(users.pendingSeller, '/seller/stores/3/edit')).toEqual(notApproved)
    expect(decideAreaAccess(users.guest, '/sellers-guide')).toEqual(allow)
    expect(decideAreaAccess(users.guest, '/become-a-seller')).toEqual(allow)
    expect(decideAreaAccess(users.guest, '/buyers')).toEqual(allow)
  })
})

describe('seller predicates', () => {
  it('names the role: owner, observer or none', () => {
    expect(sellerRole(users.pendingSeller)).toBe('owner')
    expect(sellerRole(users.observer)).toBe('observer')
    expect(sellerRole(users.strayObserver)).toBeNull()
    expect(sellerRole(users.buyer)).toBeNull()
    expect(sellerRole(null)).toBeNull()
  })

  it('lets sellers of any status and observers with a seller into the seller panel', () => {
    const inside = (Object.keys(users) as Kind[]).filter((kind) => canEnterSellerArea(users[kind]))
    expect(inside).toEqual([
      'pendingSeller',
      'rejectedSeller',
      'suspendedSeller',
      'approvedSeller',
      'observer',
      'observerOfPending',
    ])
  })

  it('counts as approved only an approved seller or an observer of one', () => {
    const approved = (Object.keys(users) as Kind[]).filter((kind) => isApprovedSeller(users[kind]))
    expect(approved).toEqual(['approvedSeller', 'observer'])
    // A seller object on a user who is neither its owner nor its observer does not count.
    expect(isApprovedSeller({ ...plain, seller: seller('approved') })).toBe(false)
  })
})

describe('return path after sign-in', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(safeReturnPath('/product/green-tea?x=1#offers')).toBe('/product/green-tea?x=1#offers')
    expect(safeReturnPath('/')).toBe('/')
  })

  it.each([
    ['another origin', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/path'],
    ['a backslash trick', '/\\evil.example'],
    ['a relative path', 'product'],
    ['the sign-in page', '/auth'],
    ['the verification page', '/auth/verify?phone=1'],
    ['something not a string', 42],
    ['something very long', `/${'a'.repeat(600)}`],
    ['the sign-in page behind dot segments', '/x/../auth'],
    ['the sign-in page behind doubled slashes', '//auth'],
    ['a tab that hides a protocol-relative URL', '/\t/evil.example'],
    ['a newline that hides a protocol-relative URL', '/\n/evil.example/x'],
  ])('refuses %s', (_name, value) => {
    expect(safeReturnPath(value)).toBeNull()
  })

  // Issue #13 §5: "/.//evil.example" used to come back as "//evil.example" (a 500 on /auth).
  it.each([
    ['/.//evil.example', '/evil.example'],
    ['/./\\evil.example', '/evil.example'],
    ['/a/..//evil.example', '/evil.example'],
    ['/%2e%2e//evil.example', '/evil.example'],
    ['/buyer//orders', '/buyer/orders'],
    ['/product/a?next=//evil.example', '/product/a?next=//evil.example'],
  ])('turns %j into the same-origin path %j', (value, expected) => {
    const path = safeReturnPath(value)
    expect(path).toBe(expected)
    expect(new URL(path!, 'https://omdeh.ir').origin).toBe('https://omdeh.ir')
  })

  it('takes the first candidate the user may open, else home', () => {
    expect(returnPathFor(users.buyer, [null, '/product/tea'])).toBe('/product/tea')
    expect(returnPathFor(users.buyer, ['/buyer/orders', '/product/tea'])).toBe('/buyer/orders')
    // A buyer sent away from /seller must not be sent back there: /auth and the guard would loop.
    expect(returnPathFor(users.buyer, ['/seller', '/seller/orders'])).toBe('/')
    expect(returnPathFor(users.pendingSeller, ['/seller/inventory', '/seller'])).toBe('/seller')
    expect(returnPathFor(users.buyer, ['https://evil.example', undefined])).toBe('/')
  })
})
