import { daySchema, localDay } from '@waybill/domain';
import { useSearchParams } from 'react-router';
import { ConsolePage } from '../../../components/console-shell/console-page.tsx';
import { useIsAdmin } from '../../../features/console-auth/api/get-session.ts';
import { DispatchView } from '../../../features/console-dispatch/components/dispatch-view.tsx';

export const handle = { title: 'Dispatch | Waybill Console' };

/**
 * ADMIN_PATH/dispatch?date=YYYY-MM-DD: a day's runs and the packages left to plan (today by default), and the
 * delivery settings (admins edit them, operators read them).
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const isAdmin = useIsAdmin();
  const asked = params.get('date') ?? '';
  const date = daySchema.safeParse(asked).success ? asked : localDay(new Date());
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
