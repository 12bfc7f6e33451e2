import { type Plan, type PlanInput, planSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { explainFailure } from './explain-failure.ts';

export interface PlanEdit {
  id: string;
  input: PlanInput;
}

/** PUT /api/edit-plan/{id}: replaces the saved plan's nine fields. */
export async function editPlan({ id, input }: PlanEdit): Promise<Plan> {
  try {
    return await apiFetch(`/api/edit-plan/${encodeURIComponent(id)}`, {
      method: 'PUT',
      json: input,
      schema: planSchema,
    });
  } catch (error) {
    throw explainFailure(error, 'Failed to update plan');
  }
}

export function useEditPlan() {
  return useWriteMutation({ mutationFn: (edit: PlanEdit) => editPlan(edit) });
}
