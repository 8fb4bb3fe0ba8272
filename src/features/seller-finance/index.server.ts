// The server-only face of features/seller-finance: the statement's export, the monthly commission
// invoices (their job and PDF) and the reads the page's server functions make.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export {
  COMMISSION_INVOICE_NOT_FOUND,
  commissionInvoiceForViewer,
  commissionInvoicesOf,
  issueCommissionInvoice,
  issueMonthlyCommissionInvoices,
  monthCommissions,
  previousMonth,
  tehranMonthOf,
} from './commission-invoices.server'
export {
  exportTooLarge,
  financeOverview,
  statementCount,
  statementPage,
  statementPageOf,
} from './seller-finance.server'
export { statementRows, writeStatementExport } from './statement-export.server'
export { EXPORT_MAX_ROWS, exportQuery, statementFilters } from './seller-finance.schemas'
