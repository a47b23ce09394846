import { useEffect, useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { Copy, KeyRound, Save } from 'lucide-react';
import { z } from 'zod';
import { shiprocketAccountSchema, type ShiprocketAccount, type ShiprocketAccountBody } from '@shop/shared/shipping-schemas';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormSection } from '../../../components/ui/form-section';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/error-text';
import { useGetShiprocketAccountQuery, useSaveShiprocketAccountMutation } from '../couriers-api';

export const COURIERS_SAVED = 'Courier settings saved';
export const WEBHOOK_PATH = '/api/shipping/webhook/shiprocket';
const PASSWORD_NEEDED = 'Enter the Shiprocket API user’s password';

interface CourierInput {
  enabled: boolean;
  email: string;
  /** Empty: the saved one is kept. */
  password: string;
  pickupLocation: string;
  webhookToken: string;
}

const EMPTY: CourierInput = { enabled: false, email: '', password: '', pickupLocation: '', webhookToken: '' };

const toInput = (a: ShiprocketAccount | null): CourierInput =>
  a ? { enabled: a.enabled, email: a.email, password: '', pickupLocation: a.pickupLocation, webhookToken: a.webhookToken } : EMPTY;

/** The body's schema, a blank password left out; the first save needs one. */
const courierSchema = (passwordSet: boolean) =>
  shiprocketAccountSchema
    .extend({ password: z.preprocess((v) => (v === '' ? undefined : v), shiprocketAccountSchema.shape.password) })
    .superRefine((v, ctx) => {
      if (!passwordSet && v.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_NEEDED });
    });

// 64 letters, digits, - and _: a byte's low 6 bits pick one without bias.
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A random 32-character webhook token, from the browser's cryptographic generator. */
export function newWebhookToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => TOKEN_ALPHABET[b & 63]).join('');
}

/** docs/product.md, Shipments: the Shiprocket API user the shop books parcels with, and its tracking webhook. */
export function CouriersSection() {
  const { data, error, isLoading } = useGetShiprocketAccountQuery();
  const [save, { isLoading: saving }] = useSaveShiprocketAccountMutation();
  const passwordSet = data?.passwordSet ?? false;
  const resolver = useMemo(
    () => zodResolver(courierSchema(passwordSet)) as unknown as Resolver<CourierInput, unknown, ShiprocketAccountBody>,
    [passwordSet],
  );
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm<CourierInput, unknown, ShiprocketAccountBody>({ resolver, defaultValues: EMPTY });
  useEffect(() => {
    if (data !== undefined) reset(toInput(data));
  }, [data, reset]);

  const webhookUrl = `${window.location.origin}${WEBHOOK_PATH}`;

  async function onSave(body: ShiprocketAccountBody) {
    const result = await save(body);
    if (result.error) toast.error(errorText(result.error));
    else toast.success(COURIERS_SAVED);
  }

  async function copyUrl() {
    try {
      await navigator.clipboard.writeText(webhookUrl);
      toast.success('Webhook URL copied');
    } catch {
      toast.error('Copy the webhook URL by hand: the browser did not allow it');
    }
  }

  return (
    <FormSection
      title="Couriers"
      description="The manual courier always works: type the courier's name and AWB on the order. With Shiprocket, the shop books the parcel and follows its scans itself."
    >
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(error)}
        </p>
      ) : (
        <form noValidate onSubmit={(e) => void handleSubmit(onSave)(e)}>
          <fieldset disabled={isLoading} className="grid min-w-0 gap-5 md:grid-cols-2">
            <Checkbox label="Book parcels with Shiprocket" className="md:col-span-2" {...register('enabled')} />
            <TextField
              label="Shiprocket API user email"
              type="email"
              autoComplete="off"
              hint="The API user made in Shiprocket (Settings → API), not your own login."
              error={errors.email?.message}
              {...register('email')}
            />
            <PasswordField
              label="API user password"
              autoComplete="new-password"
              placeholder={passwordSet ? 'Saved — leave blank to keep' : undefined}
              error={errors.password?.message}
              {...register('password')}
            />
            <TextField
              label="Pickup location"
              autoComplete="off"
              hint="The pickup address's name exactly as in Shiprocket."
              error={errors.pickupLocation?.message}
              {...register('pickupLocation')}
            />
            <div className="flex items-start gap-2">
              <TextField
                label="Webhook token"
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                wrapperClassName="min-w-0 flex-1"
                error={errors.webhookToken?.message}
                {...register('webhookToken')}
              />
              <Button
                variant="outline"
                className="mt-7"
                onClick={() => setValue('webhookToken', newWebhookToken(), { shouldDirty: true, shouldValidate: true })}
                icon={<KeyRound aria-hidden="true" className="size-4" />}
              >
                Generate
              </Button>
            </div>
            <div className="flex items-start gap-2 md:col-span-2">
              <TextField
                label="Webhook URL"
                readOnly
                value={webhookUrl}
                className="font-mono"
                wrapperClassName="min-w-0 flex-1"
                hint="Paste it into Shiprocket's webhook settings, with the token above as its x-api-key."
              />
              <Button
                variant="outline"
                className="mt-7"
                onClick={() => void copyUrl()}
                icon={<Copy aria-hidden="true" className="size-4" />}
              >
                Copy
              </Button>
            </div>
          </fieldset>
          <div className="mt-5 flex justify-end">
            <Button type="submit" variant="secondary" loading={saving} icon={<Save aria-hidden="true" className="size-4" />}>
              Save couriers
            </Button>
          </div>
        </form>
      )}
    </FormSection>
  );
}
