import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { authErrorReset, selectAuthError, selectAuthStatus } from '../auth-slice';

/** A sign-in family form: the shared schema as resolver, the server's last message (cleared on arrival) and the busy flag. */
export function useAuthForm<T extends FieldValues>(schema: z.ZodType<T, T>, defaultValues: DefaultValues<T>) {
  const dispatch = useAppDispatch();
  const serverError = useAppSelector(selectAuthError);
  const loading = useAppSelector(selectAuthStatus) === 'loading';
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues });
  useEffect(() => {
    dispatch(authErrorReset());
  }, [dispatch]);
  return { dispatch, serverError, loading, form };
}
