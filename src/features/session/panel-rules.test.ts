import { describe, expect, it } from 'vitest'
import type { SellerStatus } from '~/lib/domain-enums'
import {
  activePanelFor,
  APPROVED_SELLER_REQUIRED,
  buyerAccess,
  buyerMenu,
  canSwitchToSeller,
  isApprovedSeller,
  isRememberedPath,
  panelOfPath,
  sellerAccess,
  sellerMenu,
  type MenuItem,
} from './panel-rules'
import { displayName, type User } from './session.schemas'

const buyer: User = {
  id: 1,
  email: null,
  cellphone: '+989121234567',
  first_name: 'Sara',
  last_name: 'Karimi',
  is_seller: false,
  is_observer: false,
  pointing_seller_id: null,
  seller: null,
}
const seller = (status: SellerStatus): User => ({ ...buyer, id: 2, is_seller: true, seller: { status } })
const observer = (status: SellerStatus): User => ({
  ...buyer,
  id: 3,
  is_observer: true,
  pointing_seller_id: 7,
  seller: { status },
})

const enabled = (menu: MenuItem[]) => menu.filter((item) => item.enabled).map((item) => item.label)

describe('buyer menu', () => {
  it('lists the spec’s items in order with their routes', () => {
    expect(buyerMenu(buyer).map((item) => [item.label, item.to])).toEqual([
      ['Dashboard', '/buyer'],
      ['Your Orders', '/buyer/orders'],
      ['Your Addresses', '/buyer/profile/address'],
      ['Your Invoices', '/buyer/invoices'],
      ['Your Tickets', '/buyer/tickets'],
      ['Browsing History', '/browse-history'],
      ['Edit Profile', '/buyer/profile'],
      ['Switch to Seller', '/seller'],
    ])
  })

  it('disables Switch to Seller for a plain buyer', () => {
    expect(enabled(buyerMenu(buyer))).not.toContain('Switch to Seller')
    expect(enabled(buyerMenu(buyer))).toHaveLength(7)
  })

  it.each([
    ['a seller (any status)', seller('pending')],
    ['an observer pointing at a seller', observer('approved')],
  ])('enables Switch to Seller for %s', (_name, user) => {
    expect(enabled(buyerMenu(user))).toContain('Switch to Seller')
  })
})

describe('seller menu', () => {
  it('lists the spec’s items in order; Your Tickets has no route', () => {
    expect(sellerMenu(seller('approved')).map((item) => [item.label, item.to])).toEqual([
      ['Dashboard', '/seller'],
      ['Received Orders', '/seller/orders'],
      ['Your Stores', '/seller/stores'],
      ['Your Inventory', '/seller/inventory'],
      ['Your Magazines', '/seller/magazines'],
      ['Your Tickets', null],
      ['Browsing History', '/browse-history'],
      ['Edit Profile', '/seller/profile'],
      ['Switch to Buyer', '/buyer'],
    ])
  })

  it('an approved seller gets everything except Your Tickets', () => {
    expect(enabled(sellerMenu(seller('approved')))).toEqual([
      'Dashboard',
      'Received Orders',
      'Your Stores',
      'Your Inventory',
      'Your Magazines',
      'Browsing History',
      'Edit Profile',
      'Switch to Buyer',
    ])
  })

  it.each(['pending', 'rejected', 'suspended'] as const)(
    'a %s seller gets only Dashboard and Switch to Buyer',
    (status) => {
      expect(enabled(sellerMenu(seller(status)))).toEqual(['Dashboard', 'Switch to Buyer'])
    },
  )

  it('an observer of an approved seller gets the approved menu; of a pending one, the reduced menu', () => {
    expect(enabled(sellerMenu(observer('approved')))).toContain('Your Inventory')
    expect(enabled(sellerMenu(observer('pending')))).toEqual(['Dashboard', 'Switch to Buyer'])
  })

  it('never enables Your Tickets', () => {
    for (const user of [seller('approved'), observer('approved'), buyer, null]) {
      expect(sellerMenu(user).find((item) => item.key === 'tickets')?.enabled).toBe(false)
    }
  })
})

describe('seller rules', () => {
  it('approval needs both seller access and the approved status', () => {
    expect(isApprovedSeller(seller('approved'))).toBe(true)
    expect(isApprovedSeller(seller('pending'))).toBe(false)
    // A stray seller object on a user with no seller access does not count.
    expect(isApprovedSeller({ ...buyer, seller: { status: 'approved' } })).toBe(false)
    expect(isApprovedSeller(null)).toBe(false)
    expect(canSwitchToSeller(null)).toBe(false)
  })
})

describe('active panel', () => {
  it('is Buyer without a user, whatever the path or memory', () => {
    expect(activePanelFor({ pathname: '/seller/stores', remembered: 'seller', user: null })).toBe('buyer')
  })

  it('follows the path first', () => {
    const user = seller('approved')
    expect(activePanelFor({ pathname: '/seller/orders', remembered: 'buyer', user })).toBe('seller')
    expect(activePanelFor({ pathname: '/buyer/invoices/9', remembered: 'seller', user })).toBe('buyer')
  })

  it('falls back to the remembered panel off the panel paths, else Buyer', () => {
    const user = seller('approved')
    expect(activePanelFor({ pathname: '/product/green-tea', remembered: 'seller', user })).toBe('seller')
    expect(activePanelFor({ pathname: '/', remembered: null, user })).toBe('buyer')
  })

  it('does not mistake /become-a-seller or /get-seller for the seller panel', () => {
    expect(panelOfPath('/become-a-seller')).toBeNull()
    expect(panelOfPath('/get-seller')).toBeNull()
    expect(panelOfPath('/seller')).toBe('seller')
  })

  it('drops a remembered Seller panel the user can no longer open', () => {
    expect(activePanelFor({ pathname: '/', remembered: 'seller', user: buyer })).toBe('buyer')
  })
})

describe('last visited path', () => {
  it('remembers every page except the sign-in pages', () => {
    expect(isRememberedPath('/product/green-tea')).toBe(true)
    expect(isRememberedPath('/buyer/orders')).toBe(true)
    expect(isRememberedPath('/authors')).toBe(true)
    expect(isRememberedPath('/auth')).toBe(false)
    expect(isRememberedPath('/auth/verify')).toBe(false)
  })
})

describe('guards (for issue #4)', () => {
  it('sends guests from the buyer panel to /auth', () => {
    expect(buyerAccess(null)).toEqual({ allow: false, redirect: { to: '/auth' } })
    expect(buyerAccess(buyer)).toEqual({ allow: true })
  })

  it('sends users without a seller from the seller panel to /auth', () => {
    expect(sellerAccess(buyer, '/seller')).toEqual({ allow: false, redirect: { to: '/auth' } })
  })

  it('lets an unapproved seller reach only /seller and /seller/profile', () => {
    const pending = seller('pending')
    expect(sellerAccess(pending, '/seller')).toEqual({ allow: true })
    expect(sellerAccess(pending, '/seller/profile/')).toEqual({ allow: true })
    expect(sellerAccess(pending, '/seller/stores')).toEqual({
      allow: false,
      redirect: { to: '/seller', search: { error: true, message: APPROVED_SELLER_REQUIRED } },
    })
    expect(sellerAccess(seller('approved'), '/seller/stores')).toEqual({ allow: true })
  })
})

describe('display name', () => {
  it('is first plus last name, else the cellphone, else Sign in', () => {
    expect(displayName(buyer)).toBe('Sara Karimi')
    expect(displayName({ ...buyer, last_name: null })).toBe('Sara')
    expect(displayName({ ...buyer, first_name: ' ', last_name: null })).toBe('+989121234567')
    expect(displayName(null)).toBe('Sign in')
  })
})
