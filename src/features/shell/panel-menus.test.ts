import { describe, expect, it } from 'vitest'
import type { User } from '~/features/auth'
import type { SellerStatus } from '~/lib/domain-enums'
import { buyerMenu, sellerMenu, type MenuItem } from './panel-menus'

const buyer: User = {
  id: 1,
  email: null,
  cellphone: '+989121234567',
  first_name: 'Sara',
  last_name: 'Karimi',
  is_seller: false,
  is_observer: false,
  pointing_seller_id: null,
  is_admin: false,
  has_password: true,
  seller: null,
}
const business = (status: SellerStatus) => ({ id: 7, status, display_name: 'Golbarg Trading' })
const seller = (status: SellerStatus): User => ({
  ...buyer,
  id: 2,
  is_seller: true,
  seller: business(status),
})
const observer = (status: SellerStatus): User => ({
  ...buyer,
  id: 3,
  is_observer: true,
  pointing_seller_id: 7,
  seller: business(status),
})

const enabled = (menu: MenuItem[]) => menu.filter((item) => item.enabled).map((item) => item.label)

describe('buyer menu', () => {
  it('lists the spec’s items in order with their routes', () => {
    expect(buyerMenu(buyer).map((item) => [item.label, item.to])).toEqual([
      ['Dashboard', '/buyer'],
      ['Your Orders', '/buyer/orders'],
      ['Quick Order', '/buyer/quick-order'],
      ['Your Saved Lists', '/buyer/lists'],
      ['Your Addresses', '/buyer/profile/address'],
      ['Your Invoices', '/buyer/invoices'],
      ['Your Credit Terms', '/buyer/credit'],
      ['Your Tickets', '/buyer/tickets'],
      ['Your Quote Requests', '/buyer/quotes'],
      ['Browsing History', '/browse-history'],
      ['Edit Profile', '/buyer/profile'],
      ['Switch to Seller', '/seller'],
    ])
  })

  it('disables Switch to Seller for a plain buyer', () => {
    expect(enabled(buyerMenu(buyer))).not.toContain('Switch to Seller')
    expect(enabled(buyerMenu(buyer))).toHaveLength(11)
  })

  it.each([
    ['a seller (any status)', seller('pending')],
    ['an observer pointing at a seller', observer('approved')],
  ])('enables Switch to Seller for %s', (_name, user) => {
    expect(enabled(buyerMenu(user))).toContain('Switch to Seller')
  })

  it('keeps Switch to Seller disabled for an admin or an observer without a seller', () => {
    expect(enabled(buyerMenu({ ...buyer, is_admin: true }))).not.toContain('Switch to Seller')
    expect(enabled(buyerMenu({ ...buyer, is_observer: true }))).not.toContain('Switch to Seller')
  })
})

describe('seller menu', () => {
  it('lists the spec’s items in order; Your Tickets has no route', () => {
    expect(sellerMenu(seller('approved')).map((item) => [item.label, item.to])).toEqual([
      ['Dashboard', '/seller'],
      ['Received Orders', '/seller/orders'],
      ['Quote Requests', '/seller/quotes'],
      ['Your Stores', '/seller/stores'],
      ['Your Inventory', '/seller/inventory'],
      ['Your Magazines', '/seller/magazines'],
      ['Your Finances', '/seller/finance'],
      ['Credit and Receivables', '/seller/credit'],
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
      'Quote Requests',
      'Your Stores',
      'Your Inventory',
      'Your Magazines',
      'Your Finances',
      'Credit and Receivables',
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
