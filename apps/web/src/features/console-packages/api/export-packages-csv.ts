/** GET /api/admin/packages.csv?q&status: the address of a CSV of every package the search and filter match. */
export function packagesCsvUrl(filter: { q: string; status: string }): string {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.status) params.set('status', filter.status);
  const query = params.toString();
  return `/api/admin/packages.csv${query ? `?${query}` : ''}`;
}
