import type { Plan, PlanInput } from '@waybill/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useCreatePlan } from '../api/create-plan.ts';
import { useEditPlan } from '../api/edit-plan.ts';

export interface SavePlanOptions {
  /** The saved plan (update mode), or null (create mode: no plan yet). */
  plan: Plan | null;
  /** Refreshes every view of the plan (pricing page, home block); awaited before the editor closes. */
  onSaved: () => Promise<unknown>;
  /** Field messages of a 400 answer, to show beside their inputs. */
  onFieldErrors?: (errors: Record<string, string>) => void;
}

/** Creates the plan or updates the saved one, with the SPEC §8 toasts; resolves true once saved. */
export function useSavePlan({ plan, onSaved, onFieldErrors }: SavePlanOptions) {
  const create = useCreatePlan();
  const edit = useEditPlan();
  const updating = plan !== null;

  // A second click while the first save runs does nothing (no second request, no second toast).
  const savePlan = useSingleFlight(async (input: PlanInput): Promise<boolean> => {
    try {
      if (plan) await edit.mutateAsync({ id: plan._id, input });
      else await create.mutateAsync(input);
    } catch (error) {
      notifyError({
        title: updating ? 'Error updating plan' : 'Error creating plan',
        message: error instanceof Error ? error.message : String(error),
      });
      if (error instanceof ApiError) onFieldErrors?.(error.errors);
      return false;
    }
    await onSaved();
    notifySuccess({
      title: updating ? 'Plan updated successfully' : 'Plan created successfully',
      message: 'The pricing page now shows these plans and prices.',
    });
    return true;
  });

  /** True while the save request is in flight (a second submit meanwhile is dropped). */
  const saving = create.isPending || edit.isPending;
  return { savePlan, updating, saving };
}
