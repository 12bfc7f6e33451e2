import { Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ConsolePage } from '../../../components/console-shell/console-page.tsx';
import type { KindFilter, StateFilter } from '../../../features/console-inbox/components/inbox-filters.tsx';
import { InboxView, type InboxView as View } from '../../../features/console-inbox/components/inbox-view.tsx';

export const handle = { title: 'Inbox | Waybill Console' };

const KINDS: KindFilter[] = ['all', 'support', 'contact', 'account'];
const STATES: StateFilter[] = ['new', 'handled', 'all'];

/** The view in the address (?kind=&state=&page=), so a reload or the back button keeps it; New by default. */
function readView(params: URLSearchParams): View {
  const kind = KINDS.find((value) => value === params.get('kind')) ?? 'all';
  const state = STATES.find((value) => value === params.get('state')) ?? 'new';
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return { kind, state, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

function writeView(view: View): URLSearchParams {
  const params = new URLSearchParams();
  if (view.kind !== 'all') params.set('kind', view.kind);
  if (view.state !== 'new') params.set('state', view.state);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** Inbox: what customers sent through the support form, the home contact form and the account request. */
export function Component() {
  const [params, setParams] = useSearchParams();
  return (
    <ConsolePage>
      <Title order={1} mb="lg">
        Inbox
      </Title>
      <InboxView view={readView(params)} onViewChange={(view) => setParams(writeView(view))} />
    </ConsolePage>
  );
}
