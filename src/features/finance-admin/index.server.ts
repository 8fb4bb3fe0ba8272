// The server-only face of features/finance-admin (issue #38): the admin's reading of the ledger
// and the commission rates. Every operation checks that the caller is an administrator.
export {
  commissionRatesView,
  financeOverview,
  reconcile,
  setPlanDiscount,
  setRate,
  setSettlementMode,
  settlementSetting,
} from './finance-admin.server'
