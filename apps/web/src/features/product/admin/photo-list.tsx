import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Plus } from 'lucide-react';
import { MAX_PHOTOS } from '@shop/shared/variants';
import { Button } from '../../../components/ui/button';
import { ImageField } from './image-field';
import type { ProductFormInput } from './product-form-values';

type PhotoListName = 'photos' | `colorPhotos.${string}`;

export interface PhotoListProps {
  name: PhotoListName;
  label: (i: number) => string;
  /** Names the add button for a screen reader ("Add photo for Maroon"). */
  addLabel: string;
  disabled?: boolean;
}

/** Up to MAX_PHOTOS upload-or-URL fields, one more at each click; a blank one is not sent. */
export function PhotoList({ name, label, addLabel, disabled }: PhotoListProps) {
  const { control, setValue, getValues } = useFormContext<ProductFormInput>();
  const photos = (useWatch({ control, name }) as string[] | undefined) ?? [];
  const count = Math.max(photos.length, name === 'photos' ? 1 : 0);

  return (
    <div>
      {count > 0 && (
        <div className="grid grid-cols-2 gap-5 sm:grid-cols-3 lg:grid-cols-4">
          {Array.from({ length: count }, (_, i) => (
            <Controller
              key={i}
              control={control}
              name={`${name}.${i}`}
              render={({ field, fieldState }) => (
                <ImageField
                  label={label(i)}
                  value={(field.value as string | undefined) ?? ''}
                  onChange={(url) => field.onChange(url)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={fieldState.error?.message}
                  disabled={disabled}
                />
              )}
            />
          ))}
        </div>
      )}
      {count < MAX_PHOTOS && (
        <Button
          variant="outline"
          size="sm"
          className={count > 0 ? 'mt-4' : undefined}
          aria-label={addLabel}
          disabled={disabled}
          onClick={() => {
            const current = (getValues(name) as string[] | undefined) ?? [];
            setValue(name, [...current, ...(current.length < count ? [''] : []), '']);
          }}
          icon={<Plus aria-hidden="true" className="size-4" />}
        >
          Add photo
        </Button>
      )}
    </div>
  );
}
