// The public face of features/seller-finance (client-safe): what other features and routes may import.
// Never re-export a *.server.ts file here: that belongs in index.server.ts.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export {
  commissionInvoiceIdInput,
  EXPORT_FORMATS,
  EXPORT_MAX_ROWS,
  exportQuery,
  financeSearch,
  STATEMENT_PAGE_SIZE,
  statementFilters,
  statementKinds,
} from './seller-finance.schemas'
export type {
  CommissionInvoiceView,
  ExportFormat,
  FinanceBalancesView,
  FinanceOverviewView,
  FinanceSearch,
  StatementFilters,
  StatementKind,
  StatementLineView,
  StatementOrderView,
  StatementPageView,
} from './seller-finance.schemas'
export { sellerFinanceQueries } from './seller-finance.queries'
