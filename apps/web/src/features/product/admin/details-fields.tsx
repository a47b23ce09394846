import { useFormContext } from 'react-hook-form';
import { BLOUSE_PIECE_NAMES, BLOUSE_PIECES } from '@shop/shared/variants';
import { Select } from '../../../components/ui/select';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import type { ProductFormInput } from './product-form-values';

const BLOUSE_OPTIONS = BLOUSE_PIECES.map((b) => ({ value: b, label: BLOUSE_PIECE_NAMES[b] }));

const TEXTS = [
  { name: 'fabric', label: 'Fabric', placeholder: 'Pure silk' },
  { name: 'work', label: 'Weave or work', placeholder: 'Kanjivaram zari' },
  { name: 'occasion', label: 'Occasion', placeholder: 'Wedding' },
  { name: 'pattern', label: 'Pattern', placeholder: 'Temple border' },
  { name: 'netQuantity', label: 'Net quantity', placeholder: '1 saree with blouse piece' },
] as const;

/** The product's typed details (decision 036); every one may stay empty. */
export function DetailsFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProductFormInput>();
  const e = errors.details;
  const metres = { type: 'number', inputMode: 'decimal', step: '0.1', min: 0.1, max: 50 } as const;
  return (
    <div className="grid gap-5 md:grid-cols-3">
      {TEXTS.map(({ name, label, placeholder }) => (
        <TextField
          key={name}
          label={label}
          placeholder={placeholder}
          autoComplete="off"
          error={e?.[name]?.message}
          {...register(`details.${name}`)}
        />
      ))}
      <TextField
        label="Saree length (m)"
        placeholder="5.5"
        error={e?.lengthMetres?.message}
        {...metres}
        {...register('details.lengthMetres')}
      />
      <Select
        label="Blouse piece"
        placeholder="Not said"
        options={BLOUSE_OPTIONS}
        error={e?.blousePiece?.message}
        {...register('details.blousePiece')}
      />
      <TextField
        label="Blouse piece length (m)"
        placeholder="0.8"
        error={e?.blousePieceMetres?.message}
        {...metres}
        {...register('details.blousePieceMetres')}
      />
      <TextArea
        label="Wash care"
        rows={2}
        placeholder="Dry clean only"
        error={e?.washCare?.message}
        wrapperClassName="md:col-span-3"
        {...register('details.washCare')}
      />
      <TextArea
        label="Manufacturer or packer"
        rows={2}
        hint="Name and address; empty for the shop's own."
        error={e?.manufacturer?.message}
        wrapperClassName="md:col-span-3"
        {...register('details.manufacturer')}
      />
    </div>
  );
}
