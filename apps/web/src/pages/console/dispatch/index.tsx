import { daySchema, localDay } from '@waybill/domain';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { queryClientContext } from '../../../app/router/query-context.ts';
import { ConsolePage } from '../../../components/console-shell/console-page.tsx';
import { sessionQueryOptions, useIsAdmin } from '../../../features/console-auth/api/get-session.ts';
import { prefetchDispatch } from '../../../features/console-dispatch/api/prefetch-dispatch.ts';
import { DispatchView } from '../../../features/console-dispatch/components/dispatch-view.tsx';

export const handle = { title: 'Dispatch | Waybill Console' };

/** The day the address asks for, or today when it asks for none (or for no real day). */
function dayOf(params: URLSearchParams): string {
  const asked = params.get('date') ?? '';
  return daySchema.safeParse(asked).success ? asked : localDay(new Date());
}

/**
 * Starts the session check and the day's reads as the screen is routed to, all at once, and waits for
 * none of them. The session goes first: a server that answers one at a time (PGlite) answers it first.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  void queryClient.prefetchQuery(sessionQueryOptions);
  prefetchDispatch(queryClient, dayOf(new URL(request.url).searchParams));
  return null;
}

/**
 * ADMIN_PATH/dispatch?date=YYYY-MM-DD: a day's runs and the packages left to plan (today by default), and the
 * delivery settings (admins edit them, operators read them).
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const isAdmin = useIsAdmin();
  const date = dayOf(params);
  return (
    <ConsolePage>
      <DispatchView
        key={date}
        date={date}
        onDateChange={(next) => setParams({ date: next }, { replace: true })}
        canEditDeliverySettings={isAdmin}
      />
    </ConsolePage>
  );
}
