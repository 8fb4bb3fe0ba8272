import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { getDb } from '~/server/db/database.server'
import { errorResponse } from '~/server/http/api-errors.server'
import { ogPngResponse } from '~/server/images/og-image.server'
import { IDENTIFY_PATTERN } from './magazines.schemas'
import { getPublicMagazine } from './magazines-public.server'

export { OG_SIZE } from '~/server/images/og-image.server'

/**
 * GET /magazine/{identify}/cover.png: the magazine's cover as a 1200×630 PNG for link previews (Open
 * Graph, X cards). Only published magazines with a cover.
 */
export async function magazineOgImageResponse(request: Request, identify: string): Promise<Response> {
  try {
    if (!IDENTIFY_PATTERN.test(identify) || identify.length > 60)
      return ogPngResponse(request, null, m.magazines_not_found())
    const magazine = await getPublicMagazine(await getDb(), identify)
    return ogPngResponse(request, magazine?.cover ?? null, m.magazines_not_found())
  } catch (error) {
    return errorResponse(error, [], request.signal)
  }
}
