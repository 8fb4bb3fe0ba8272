/**
 * The demo accounts the seed creates. The README, the e2e tests and the seed all read this list, so
 * the documented phones and password cannot drift apart.
 */
export const demoPassword = 'Omdeh-demo-2026'

export interface DemoAccount {
  role: 'admin' | 'buyer' | 'seller' | 'pendingSeller' | 'observer'
  cellphone: string
  firstName: string
  lastName: string
  email: string
  /** What the account is for, for the README. */
  description: string
}

export const demoAccounts = {
  admin: {
    role: 'admin',
    cellphone: '+989120000001',
    firstName: 'Azadeh',
    lastName: 'Karimi',
    email: 'admin@omdeh.example',
    description: 'Platform admin (is_admin): approves sellers, manages categories and content.',
  },
  buyer: {
    role: 'buyer',
    cellphone: '+989120000002',
    firstName: 'Bahram',
    lastName: 'Rahimi',
    email: 'buyer@omdeh.example',
    description: 'A buyer with no seller role.',
  },
  seller: {
    role: 'seller',
    cellphone: '+989120000003',
    firstName: 'Sohrab',
    lastName: 'Tehrani',
    email: 'seller@omdeh.example',
    description: 'Owner of an approved seller with two stores and products on offer.',
  },
  pendingSeller: {
    role: 'pendingSeller',
    cellphone: '+989120000004',
    firstName: 'Parvaneh',
    lastName: 'Shirazi',
    email: 'pending-seller@omdeh.example',
    description: 'Owner of a seller awaiting admin approval.',
  },
  observer: {
    role: 'observer',
    cellphone: '+989120000005',
    firstName: 'Omid',
    lastName: 'Jafari',
    email: 'observer@omdeh.example',
    description: 'Observer acting for the approved demo seller.',
  },
} as const satisfies Record<string, DemoAccount>

export type DemoAccountKey = keyof typeof demoAccounts

/** The approved demo seller's business, so tests can find it by name. */
export const demoSeller = {
  legalName: 'Tehrani Wholesale Trading Co.',
  displayName: 'Tehrani Wholesale',
  city: 'Tehran',
  storeNames: ['Tehrani Wholesale Central', 'Tehrani Wholesale Karaj'],
  /** Its payout account: a valid Bank Melli Sheba (mod 97), not a real account. */
  sheba: 'IR050170000000123456789012',
} as const

export const demoPendingSeller = {
  legalName: 'Shirazi Fresh Supply Co.',
  displayName: 'Shirazi Fresh Supply',
  city: 'Shiraz',
} as const

/**
 * The demo buyer's seeded orders with the demo seller, by state. Fixed numbers (in the checkout's
 * alphabet) so the README and tests can name them; real orders get random ones.
 */
export const demoOrderNumbers = {
  paid: 'OM-DEMQPAYD',
  accepted: 'OM-DEMQACPT',
  shipped: 'OM-DEMQSHPD',
  completed: 'OM-DEMQDNE2',
} as const
