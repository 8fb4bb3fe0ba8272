// The public face of features/magazines (client-safe): what other features and routes may import.
// Never re-export a *.server.ts file here: that belongs in index.server.ts.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { MagazineCards } from './components/magazine-cards'
export { emptyMagazineListing } from './magazine-list-empty'
export { magazineListSearch } from './magazine-search.schemas'
export { publicMagazineQueries } from './magazines-public.queries'
export { magazineQueries } from './magazines.queries'
export { coverImagePath } from './magazines.schemas'
