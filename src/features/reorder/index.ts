// The public face of features/reorder (client-safe): what other features and routes may import.
// Never re-export a *.server.ts file here: that belongs in index.server.ts.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { ReorderPanel } from './components/reorder-panel'
export { BuyerListsIndex, SaveOrderAsList } from './components/buyer-lists-page'
export { BuyerListDetail, listCsv } from './components/buyer-list-detail'
export { buyerListQueries } from './buyer-lists.queries'
export {
  createListFn,
  createListFromOrderFn,
  deleteListFn,
  fetchBuyerList,
  fetchBuyerLists,
  moveListLineFn,
  removeListLineFn,
  renameListFn,
  setListLineFn,
} from './buyer-lists.functions'
export type { ListLineView, ListSummary, ListView } from './buyer-lists.schemas'
export { QuickOrderForm } from './components/quick-order-form'
export { useAddLines } from './components/use-add-lines'
export { parseQuickOrderText, parseQuantity } from './quick-order-parse'
export type { ParsedLine } from './quick-order-parse'
export { reorderQueries } from './reorder.queries'
export {
  addLinesToBasketFn,
  checkQuickOrderFn,
  fetchReorderPreview,
  undoAddLinesFn,
} from './reorder.functions'
export {
  MAX_BULK_LINES,
  addLinesInput,
  quickOrderInput,
  reorderInput,
  undoLinesInput,
} from './reorder.schemas'
export type {
  AddLinesResult,
  OfferView,
  QuickOrderCheck,
  QuickOrderLine,
  QuickOrderProblem,
  ReorderChange,
  ReorderLine,
  ReorderPreview,
} from './reorder.schemas'
