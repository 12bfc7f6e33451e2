import type { SiteContent, TrackingPageData } from '@waybill/domain';
import { createContext, type ReactNode, useContext } from 'react';

/** What the server renders a public page with: its address and the content operators keep current. */
export interface PageContext {
  path: string;
  /** The query string's parameters (only /track reads one: `codes`). */
  search: URLSearchParams;
  content: SiteContent;
  /** On `/track/{code}`: that code's answer, or why there is none. */
  tracking?: TrackingPageData;
}

const Context = createContext<PageContext | null>(null);

/** Wraps a public page as the server renders it (islands get what they need as props instead). */
export function PageContextProvider({ value, children }: { value: PageContext; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The page's address and content; only inside a page the server renders. */
export function usePageContext(): PageContext {
  const value = useContext(Context);
  if (!value) throw new Error('usePageContext is only for the server-rendered public pages');
  return value;
}

/** The plan, contact details, company settings and year the page shows. */
export function useSiteContent(): SiteContent {
  return usePageContext().content;
}
