import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchInventory } from './inventory.functions'
import type { InventorySearch } from './inventory.schemas'

export const inventoryQueries = {
  all: ['seller', 'inventory'] as const,
  page: (search: InventorySearch) =>
    queryOptions({
      queryKey: [...inventoryQueries.all, search] as const,
      queryFn: () => fetchInventory({ data: search }),
      meta: userScoped,
    }),
}
