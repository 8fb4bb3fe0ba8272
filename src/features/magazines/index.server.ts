// The server-only face of features/magazines: what other features, routes and the server entry may use on the server.
// Server code imports everything it needs from here (client-safe names are repeated for it).
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { addMagazineItems, addMagazinePage } from './magazine-editor.server'
export { queueLineSheetsOfProducts } from './magazine-line-sheet-queue.server'
export { lineSheetResponse } from './magazine-line-sheet-route.server'
export { runLineSheetJob } from './magazine-line-sheet.server'
export { magazineOgImageResponse } from './magazine-og-image.server'
export { createMagazine, setMagazineStatus } from './magazines.server'
