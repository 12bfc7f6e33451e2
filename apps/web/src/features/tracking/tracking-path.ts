/** The address of one code's tracking page, or of a list of several (`/track?codes=A,B`, kept to reload or share). */
export function trackingPagePath(codes: readonly string[]): string {
  if (codes.length === 1) return `/track/${encodeURIComponent(codes[0] ?? '')}`;
  return `/track?codes=${codes.map(encodeURIComponent).join(',')}`;
}
