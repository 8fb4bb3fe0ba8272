// The server-only face of features/reorder: what other features, routes and the server entry may use on the server.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { alternativesFor, lookupCodes, offerFor } from './offer-lookup.server'
export type { SkuLookup } from './offer-lookup.server'
export {
  addToBasketInOneStep,
  checkQuickOrder,
  checkQuickOrderLines,
  previewReorder,
  undoAddToBasket,
} from './reorder.server'
export {
  createList,
  createListFromOrder,
  deleteList,
  getList,
  listLists,
  moveListLine,
  removeListLine,
  renameList,
  setListLine,
} from './buyer-lists.server'
