import { type Plan, type PlanInput, planSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { explainFailure } from './explain-failure.ts';

/** POST /api/create-plan: saves the first plan; 409 when one exists already. */
export async function createPlan(input: PlanInput, idempotencyKey?: string): Promise<Plan> {
  try {
    return await apiFetch('/api/create-plan', { method: 'POST', json: input, idempotencyKey, schema: planSchema });
  } catch (error) {
    throw explainFailure(error, 'Failed to create plan');
  }
}

export function useCreatePlan() {
  return useWriteMutation({ mutationFn: createPlan, retryLostAnswers: true });
}
