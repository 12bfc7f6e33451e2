import type { EmailPayload } from '@waybill/domain';
import type { UseFormReturn } from 'react-hook-form';
import type { ComposerValues } from '../composer-values.ts';

/** The composer's react-hook-form instance, shared by its field groups. */
export type ComposerForm = UseFormReturn<ComposerValues, unknown, EmailPayload>;
