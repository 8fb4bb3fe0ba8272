// The client-safe face of features/finance-admin: /admin/finance, its reconciliation and the
// commission rates (issue #38). The operations are server-only (index.server.ts).
export { financeAdminQueries } from './finance-admin.queries'
export { setCommissionRateFn, setPlanDiscountFn, setSettlementModeFn } from './finance-admin.functions'
export {
  bpOfPercent,
  COMMISSION_MAX_BP,
  commissionRateInput,
  percentOfBp,
  planDiscountInput,
  RECONCILIATION_MAX_DAYS,
  reconciliationInput,
  reconciliationSearch,
  settlementModeInput,
} from './finance-admin.schemas'
export type {
  CommissionRatesView,
  FinanceMonth,
  FinanceOverview,
  Reconciliation,
  ReconciliationDay,
  ReconciliationInput,
  UnaccountedSession,
} from './finance-admin.schemas'
