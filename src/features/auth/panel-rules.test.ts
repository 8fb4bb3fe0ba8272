import { describe, expect, it } from 'vitest'
import type { User } from './auth.schemas'
import type { SellerStatus } from '~/lib/domain-enums'
import { activePanelFor, isRememberedPath, panelOfPath } from './panel-rules'
import { displayName } from './session.schemas'

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

describe('display name', () => {
  it('is first plus last name, else the cellphone, else Sign in', () => {
    expect(displayName(buyer)).toBe('Sara Karimi')
    expect(displayName({ ...buyer, last_name: null })).toBe('Sara')
    expect(displayName({ ...buyer, first_name: ' ', last_name: null })).toBe('+989121234567')
    expect(displayName(null)).toBe('Sign in')
  })
})
