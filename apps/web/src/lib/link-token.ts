// One-time links of the console (an invitation, a password reset) carry their token in the fragment
// (`#token=…`): a browser never sends a fragment to the server, so the token stays out of request
// lines, proxy logs and Referer headers. The page reads it here and posts it in the request's body.

const TOKEN_NAME = 'token';

/** The token of a link's fragment (`#token=…`), or '' when there is none. */
export function readFragmentToken(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get(TOKEN_NAME) ?? '';
}

/**
 * Moves the token of a link mailed before tokens moved to the fragment (`?token=…`) into the
 * fragment, in place (no reload, no new history entry), before the console makes any request: its
 * own API calls then carry no token in their Referer, and the address bar, history and a bookmark
 * keep none in the query. The page's own request already reached the server, whose log replaces the
 * token's value. Returns true when it moved one.
 */
export function moveQueryTokenToFragment(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): boolean {
  const query = new URLSearchParams(location.search);
  const token = query.get(TOKEN_NAME);
  if (token === null) return false;
  query.delete(TOKEN_NAME);
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  if (!fragment.has(TOKEN_NAME)) fragment.set(TOKEN_NAME, token);
  const search = query.toString();
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}#${fragment.toString()}`);
  return true;
}
