import { createFileRoute } from '@tanstack/react-router'
import { lineSheetResponse } from '~/features/magazines/index.server'

/** A published magazine's PDF line sheet (issue #18); a draft or unknown identify is a 404. */
export const Route = createFileRoute('/magazine/$identify/line-sheet.pdf')({
  server: { handlers: { GET: ({ request, params }) => lineSheetResponse(request, params.identify) } },
})
