/** What every route module exports as `handle`: the page's <title> and meta description. */
export interface PageMeta {
  title: string;
  description: string;
}

export const DEFAULT_PAGE_META: PageMeta = {
  title: 'Waybill | Courier and Parcel Delivery',
  description:
    'Waybill ships parcels across town and around the world: same-day, express and international delivery with live tracking.',
};

/** The handle of the deepest route that declares a title, else the site's default. */
export function pickPageMeta(matches: readonly { handle?: unknown }[]): PageMeta {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as Partial<PageMeta> | undefined;
    if (handle?.title) return { title: handle.title, description: handle.description ?? DEFAULT_PAGE_META.description };
  }
  return DEFAULT_PAGE_META;
}
