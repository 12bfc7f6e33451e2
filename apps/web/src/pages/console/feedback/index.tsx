import { daySchema, localDay, mondayOf } from '@waybill/domain';
import { useSearchParams } from 'react-router';
import { ConsolePage } from '../../../components/console-shell/console-page.tsx';
import { FeedbackView } from '../../../features/console-packages/components/feedback-view.tsx';

export const handle = { title: 'Feedback | Waybill Console' };

/** The Monday the address asks for (`?week=`), or none (this week) when it asks for none or for no real day. */
function weekOf(params: URLSearchParams): string | undefined {
  const asked = params.get('week') ?? '';
  return daySchema.safeParse(asked).success ? mondayOf(asked) : undefined;
}

/** ADMIN_PATH/feedback?week=YYYY-MM-DD: the week's ratings (operators and admins). */
export function Component() {
  const [params, setParams] = useSearchParams();
  const thisWeek = mondayOf(localDay(new Date()));
  return (
    <ConsolePage>
      <FeedbackView
        week={weekOf(params)}
        thisWeek={thisWeek}
        onWeekChange={(week) => setParams(week === thisWeek ? {} : { week })}
      />
    </ConsolePage>
  );
}
