/** GET /api/admin/packages.csv?codes=A,B: the address of a CSV of exactly these packages (at most BULK_MAX_CODES). */
export function selectedPackagesCsvUrl(codes: readonly string[]): string {
  return `/api/admin/packages.csv?${new URLSearchParams({ codes: codes.join(',') }).toString()}`;
}
