// The public face of features/basket (client-safe): what other features and routes may import.
// Never re-export a *.server.ts file here: that belongs in index.server.ts.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { addProductOffer } from './add-offer'
export { fillBasket } from './basket-client'
export { loadBasketModule } from './basket-loader'
export { BasketProvider, useBasket, useBasketActions } from './basket-provider'
export { HEADER_BASKET_ID } from './basket-status'
export { skuSchema } from './basket.schemas'
export type { AddRequest } from './basket.types'
export { CardAddToBasket } from './components/card-add-to-basket'
export { CartDrawerContent, CartDrawerTotal } from './components/cart-drawer-content'
