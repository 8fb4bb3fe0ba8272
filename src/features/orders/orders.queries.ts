import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import {
  fetchBuyerInvoices,
  fetchBuyerOrder,
  fetchBuyerOrders,
  fetchInvoice,
  fetchSellerDashboard,
  fetchSellerOrder,
  fetchSellerOrders,
} from './orders.functions'
import type { BuyerOrderFilters, InvoiceListFilters, SellerOrderFilters } from './orders.schemas'

export const orderQueries = {
  all: ['orders'] as const,
  /** /buyer/orders and the buyer dashboard's recent orders. */
  buyerList: (filters: Partial<BuyerOrderFilters> = {}) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'buyer', 'list', filters] as const,
      queryFn: () => fetchBuyerOrders({ data: filters }),
      meta: userScoped,
    }),
  buyerDetail: (orderId: number) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'buyer', 'detail', orderId] as const,
      queryFn: () => fetchBuyerOrder({ data: { order_id: orderId } }),
      meta: userScoped,
    }),
  /** /seller/orders. */
  sellerList: (filters: Partial<SellerOrderFilters> = {}) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'seller', 'list', filters] as const,
      queryFn: () => fetchSellerOrders({ data: filters }),
      meta: userScoped,
    }),
  sellerDetail: (orderId: number) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'seller', 'detail', orderId] as const,
      queryFn: () => fetchSellerOrder({ data: { order_id: orderId } }),
      meta: userScoped,
    }),
  sellerDashboard: () =>
    queryOptions({
      queryKey: [...orderQueries.all, 'seller', 'dashboard'] as const,
      queryFn: () => fetchSellerDashboard(),
      meta: userScoped,
    }),
  /** /buyer/invoices. */
  invoices: (filters: Partial<InvoiceListFilters> = {}) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'invoices', filters] as const,
      queryFn: () => fetchBuyerInvoices({ data: filters }),
      meta: userScoped,
    }),
  invoice: (invoiceId: number) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'invoice', invoiceId] as const,
      queryFn: () => fetchInvoice({ data: { invoice_id: invoiceId } }),
      meta: userScoped,
    }),
}
