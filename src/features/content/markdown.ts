import MarkdownIt from 'markdown-it'

/**
 * The one markdown renderer for content pages, FAQ answers and guides, on the server and in the
 * admin preview alike. Raw HTML in the source is shown as text (html: false), so no tag or event
 * handler attribute can get through; links and images are limited to safe destinations.
 */
const SAFE_LINK = /^(?:https?:\/\/|mailto:|\/(?!\/)|#|\?|\.{0,2}\/?[\w-])/i
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i

/** http(s), mailto, or a relative link. Not javascript:, data:, vbscript:, file:, nor `//host`. */
export function isSafeHref(href: string): boolean {
  // Browsers ignore tabs, newlines and leading control characters in URLs; so must we.
  // eslint-disable-next-line no-control-regex
  const url = href.replace(/[\u0000-\u0020\u007f]/g, '')
  if (!url) return false
  if (HAS_SCHEME.test(url)) return /^(?:https?|mailto):/i.test(url)
  return SAFE_LINK.test(url)
}

const md = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false })
md.validateLink = isSafeHref

const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))

// Links to other sites open as usual but pass on no referrer or window handle.
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!
  if (/^https?:/i.test(String(token.attrGet('href') ?? '')))
    token.attrSet('rel', 'noopener noreferrer nofollow')
  return defaultLinkOpen(tokens, idx, options, env, self)
}

export function renderMarkdown(source: string): string {
  return md.render(source)
}

/** Plain text for search snippets and meta descriptions: markdown syntax stripped. */
export function markdownToText(source: string): string {
  return source
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}
