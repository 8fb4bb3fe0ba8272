/**
 * Search-engine crawlers and link-preview fetchers (spec §8: they get a plain answer with the right
 * status instead of the error page). Headless browsers are deliberately not bots: they are people's
 * tools and our own browser tests.
 */
const BOT =
  /(?<!cu)bot\b|(?<!cu)bot\/|crawler|spider|slurp|bingpreview|facebookexternalhit|facebot|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|slackbot|discordbot|skypeuripreview|linkedinbot|redditbot|applebot|yandex|baiduspider|duckduckbot|petalbot|semrush|ahrefs|mj12bot|google-inspectiontool|googleother|lighthouse|feedfetcher|ia_archiver/i

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && BOT.test(userAgent)
}
