import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { errorText } from '../../../lib/error-text';

/** A sign-in family form: the shared schema as resolver (docs/style.md, One schema, one message). */
export function useAuthForm<T extends FieldValues>(schema: z.ZodType<T, T>, defaultValues: DefaultValues<T>) {
  return useForm<T>({ resolver: zodResolver(schema), defaultValues });
}

export const serverMessage = (error: unknown) => (error ? errorText(error) : null);
