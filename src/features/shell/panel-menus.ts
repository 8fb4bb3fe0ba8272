import type { RegisteredRouter } from '@tanstack/react-router'
import type { Panel, User } from '~/features/auth'
import { canEnterSellerArea, isApprovedSeller } from '~/lib/auth-access'
import { m } from '~/lib/messages'

/**
 * The two panels' menus (spec §2), in their order; see auth/panel-rules.ts for who may open what.
 * The shell draws them (drawers, account dropdown, panel navigation), so they live with it.
 */

/**
 * A page of the app, as links know it: read from the router the app registers (src/router.tsx),
 * not by importing the generated route tree, so this file stays below the routes
 * (tests/unit/panel-menus-routes.test.ts checks the same paths at run time).
 */
export type MenuPath = RegisteredRouter['routeTree']['types']['fileRouteTypes']['to']

export interface MenuItem {
  key: string
  label: string
  /** Null: the item has no page yet (Your Tickets in the seller menu). */
  to: MenuPath | null
  enabled: boolean
}

/** Spec §2 Buyer menu, in its order. */
export function buyerMenu(user: User | null | undefined): MenuItem[] {
  return [
    { key: 'dashboard', label: m.account_route_dashboard(), to: '/buyer', enabled: true },
    { key: 'orders', label: m.account_your_orders(), to: '/buyer/orders', enabled: true },
    { key: 'quick-order', label: m.reorder_nav_quick_order(), to: '/buyer/quick-order', enabled: true },
    { key: 'lists', label: m.reorder_nav_lists(), to: '/buyer/lists', enabled: true },
    { key: 'addresses', label: m.account_your_addresses(), to: '/buyer/profile/address', enabled: true },
    { key: 'invoices', label: m.account_your_invoices(), to: '/buyer/invoices', enabled: true },
    { key: 'credit', label: m.credit_nav(), to: '/buyer/credit', enabled: true },
    { key: 'tickets', label: m.account_your_tickets(), to: '/buyer/tickets', enabled: true },
    { key: 'quotes', label: m.quotes_your_requests(), to: '/buyer/quotes', enabled: true },
    { key: 'history', label: m.account_history_title(), to: '/browse-history', enabled: true },
    { key: 'profile', label: m.account_edit_profile(), to: '/buyer/profile', enabled: true },
    {
      key: 'switch',
      label: m.catalog_header_switch_to_seller(),
      to: '/seller',
      enabled: canEnterSellerArea(user),
    },
  ]
}

/** Spec §2 Seller menu, in its order: most items wait for an approved seller. */
export function sellerMenu(user: User | null | undefined): MenuItem[] {
  const approved = isApprovedSeller(user)
  return [
    { key: 'dashboard', label: m.account_route_dashboard(), to: '/seller', enabled: true },
    { key: 'orders', label: m.seller_orders_title(), to: '/seller/orders', enabled: approved },
    { key: 'quotes', label: m.quotes_inbox_title(), to: '/seller/quotes', enabled: approved },
    { key: 'stores', label: m.inventory_stores_title(), to: '/seller/stores', enabled: approved },
    { key: 'inventory', label: m.inventory_title(), to: '/seller/inventory', enabled: approved },
    { key: 'magazines', label: m.magazines_list_heading(), to: '/seller/magazines', enabled: approved },
    { key: 'finance', label: m.finance_nav(), to: '/seller/finance', enabled: approved },
    { key: 'credit', label: m.credit_seller_nav(), to: '/seller/credit', enabled: approved },
    { key: 'tickets', label: m.account_your_tickets(), to: null, enabled: false },
    { key: 'history', label: m.account_history_title(), to: '/browse-history', enabled: approved },
    { key: 'profile', label: m.account_edit_profile(), to: '/seller/profile', enabled: approved },
    { key: 'switch', label: m.catalog_header_switch_to_buyer(), to: '/buyer', enabled: true },
  ]
}

export function panelMenu(panel: Panel, user: User | null | undefined): MenuItem[] {
  return panel === 'seller' ? sellerMenu(user) : buyerMenu(user)
}
