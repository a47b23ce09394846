import { useRef, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES } from '@shop/shared/messages';
import { AlertTriangle, Plus, Save, Trash2 } from 'lucide-react';
import { HIGHLIGHT_COUNT } from '@shop/shared/constants';
import { taxClassOf, type GstRule } from '@shop/shared/gst';
import { formatRupees } from '@shop/shared/money';
import {
  GST_RATES,
  productFormSchema,
  type Product,
  type ProductBody,
  type ProductForm as ProductFormValues,
} from '@shop/shared/product';
import { errorText } from '../../../lib/error-text';
import { Button, buttonClasses } from '../../../components/ui/button';
import { FormSection } from '../../../components/ui/form-section';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { ColorsSizes } from './colors-sizes';
import { ImageField } from './image-field';
import { useCreateProductMutation, useUpdateProductMutation } from './product-admin-api';
import {
  IMAGE_FIELDS,
  missingColorsOrSizes,
  toFormValues,
  toProductBody,
  type ProductFormInput,
} from './product-form-values';

export type ProductFormModal = 'none' | 'delete' | 'save' | 'update' | 'addBrand' | 'addCategory';

/** The add-brand / add-category dialog, supplied by the page (the catalog feature owns it). */
export interface AddOptionDialogProps {
  kind: 'brand' | 'category';
  open: boolean;
  onClose: () => void;
  /** Called with the new option's value once it exists; the form selects it. */
  onAdded: (value: string) => void;
}

type OptionList = readonly { value: string; label: string }[];

const OPTION_KINDS = [
  { kind: 'brand', label: 'Brand', modal: 'addBrand' },
  { kind: 'category', label: 'Category', modal: 'addCategory' },
] as const;

export interface ProductFormProps {
  product?: Product;
  brands: OptionList;
  categories: OptionList;
  renderAddOption: (props: AddOptionDialogProps) => ReactNode;
}

const RATE_OPTIONS = GST_RATES.map((r) => ({ value: String(r), label: `${r} %` }));

function ruleText(rule: GstRule): string {
  return rule.kind === 'flat'
    ? `${rule.ratePercent} %`
    : `${rule.atOrBelowPercent} % up to ${formatRupees(rule.upToPaise / 100)} a piece, ${rule.abovePercent} % above`;
}

/** An edited product's brand may have left the list: keep it choosable rather than silently blank. */
const withCurrent = (options: OptionList, current: string): OptionList =>
  current && !options.some((o) => o.value === current)
    ? [...options, { value: current, label: current }]
    : options;

export function ProductForm({ product, brands, categories, renderAddOption }: ProductFormProps) {
  const [createProduct] = useCreateProductMutation();
  const [updateProduct] = useUpdateProductMutation();
  const navigate = useNavigate();
  const editing = product !== undefined;
  const deleted = product?.deleted ?? false;
  const [modal, setModal] = useState<ProductFormModal>('none');
  const [busy, setBusy] = useState(false);
  const [colors, setColors] = useState<string[]>(() => [...(product?.colors ?? [])]);
  const [sizes, setSizes] = useState<number[]>(() => [...(product?.sizes ?? [])]);
  const body = useRef<ProductBody | null>(null);

  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: toFormValues(product),
  });

  const colorSizeCheck = () => {
    const missing = missingColorsOrSizes(colors, sizes);
    if (missing) toast.error(missing);
    return missing === null;
  };

  const onValid = (values: ProductFormValues) => {
    if (!colorSizeCheck()) return;
    body.current = toProductBody(values, colors, sizes);
    setModal(editing ? 'update' : 'save');
  };

  async function confirm() {
    setBusy(true);
    try {
      // docs/product.md, State: deleting sets deleted to true; the product stays in the list.
      if (modal === 'delete' && product) {
        await updateProduct({ id: product.id, deleted: true }).unwrap();
        toast.success(MESSAGES.productDeleted);
      } else if (modal === 'update' && product && body.current) {
        // The server keeps the rating on update.
        await updateProduct({ id: product.id, ...body.current }).unwrap();
        toast.success(MESSAGES.productUpdated);
      } else if (modal === 'save' && body.current) {
        await createProduct(body.current).unwrap();
        toast.success(MESSAGES.productCreated);
      } else return;
      void navigate(paths.admin);
    } catch (err) {
      toast.error(errorText(err));
      setBusy(false);
      setModal('none');
    }
  }

  const close = () => {
    if (!busy) setModal('none');
  };
  const brand = watch('brand');
  const category = watch('category');
  const addOptionProps = (kind: 'brand' | 'category'): AddOptionDialogProps => ({
    kind,
    open: modal === OPTION_KINDS.find((o) => o.kind === kind)?.modal,
    onClose: close,
    onAdded: (value) => {
      setValue(kind, value, { shouldValidate: true, shouldDirty: true });
      setModal('none');
    },
  });

  // The modals sit outside the <form>: React events bubble through portals, and a dialog's own form must not submit this one.
  return (
    <>
      <form noValidate onSubmit={(e) => void handleSubmit(onValid, colorSizeCheck)(e)} className="space-y-6">
        {deleted && (
          <div className="flex items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800">
            <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
            This product is deleted
          </div>
        )}

        <fieldset disabled={deleted} className="min-w-0 space-y-6">
          <FormSection title="Basic Information">
            <div className="space-y-5">
              <TextField
                label="Product Name"
                autoComplete="off"
                error={errors.title?.message}
                {...register('title')}
              />
              <TextArea
                label="Description"
                rows={5}
                error={errors.description?.message}
                {...register('description')}
              />
            </div>
          </FormSection>

          <FormSection title="Brand & Category">
            <div className="grid gap-5 md:grid-cols-2">
              {OPTION_KINDS.map(({ kind, label, modal: opens }) => (
                <div key={kind} className="flex items-start gap-2">
                  <Select
                    label={label}
                    placeholder={`Select a ${kind}`}
                    options={withCurrent(
                      kind === 'brand' ? brands : categories,
                      kind === 'brand' ? brand : category,
                    )}
                    error={errors[kind]?.message}
                    wrapperClassName="flex-1"
                    {...register(kind)}
                  />
                  <Button
                    variant="outline"
                    className="mt-7"
                    aria-label={`Add ${label}`}
                    onClick={() => setModal(opens)}
                    icon={<Plus aria-hidden="true" className="size-4" />}
                  >
                    Add
                  </Button>
                </div>
              ))}
            </div>
          </FormSection>

          <FormSection title="Pricing & Stock">
            <div className="grid gap-5 sm:grid-cols-3">
              {/* docs/product.md, Product form: the original labels price with $ though prices are INR. */}
              <TextField
                label="Price ($)"
                type="number"
                inputMode="decimal"
                step="0.01"
                min={1}
                error={errors.price?.message}
                {...register('price')}
              />
              <TextField
                label="Discount (%)"
                type="number"
                inputMode="decimal"
                step="any"
                min={0}
                max={100}
                error={errors.discountPercentage?.message}
                {...register('discountPercentage')}
              />
              <TextField
                label="Stock"
                type="number"
                inputMode="numeric"
                step="1"
                min={1}
                error={errors.stock?.message}
                {...register('stock')}
              />
            </div>
          </FormSection>

          <FormSection
            title="Product Highlights"
            description="Four short lines shoppers read under Key Highlights."
          >
            <div className="grid gap-5 md:grid-cols-2">
              {Array.from({ length: HIGHLIGHT_COUNT }, (_, i) => (
                <TextField
                  key={i}
                  label={`Highlight ${i + 1}`}
                  autoComplete="off"
                  error={errors.highlights?.[i]?.message}
                  {...register(`highlights.${i}`)}
                />
              ))}
            </div>
          </FormSection>

          <FormSection
            title="Tax"
            description="Prices include GST. Leave HSN and rate empty to use the category's rule."
          >
            <div className="grid gap-5 md:grid-cols-3">
              <TextField
                label="HSN code"
                inputMode="numeric"
                autoComplete="off"
                placeholder={category ? taxClassOf(category).hsn : '5007'}
                hint={category ? `Category: ${taxClassOf(category).hsn}` : '4 to 8 digits'}
                error={errors.hsn?.message}
                {...register('hsn')}
              />
              <Select
                label="GST rate"
                placeholder="Category rule"
                options={RATE_OPTIONS}
                hint={category ? `Category rule: ${ruleText(taxClassOf(category).rule)}` : undefined}
                error={errors.gstRatePercent?.message}
                {...register('gstRatePercent')}
              />
              <TextField
                label="Country of origin"
                autoComplete="country-name"
                error={errors.countryOfOrigin?.message}
                {...register('countryOfOrigin')}
              />
            </div>
          </FormSection>

          <FormSection title="Colors & Sizes">
            <ColorsSizes
              colors={colors}
              sizes={sizes}
              onColorsChange={setColors}
              onSizesChange={setSizes}
              disabled={deleted}
            />
          </FormSection>

          <FormSection
            title="Product Images"
            description="Upload each picture (3:4 portrait works best) or paste its URL."
          >
            <div className="grid grid-cols-2 gap-5 lg:grid-cols-4">
              {IMAGE_FIELDS.map(({ name, label }) => (
                <Controller
                  key={name}
                  control={control}
                  name={name}
                  render={({ field, fieldState }) => (
                    <ImageField
                      label={label}
                      value={field.value ?? ''}
                      onChange={(url) => field.onChange(url)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      error={fieldState.error?.message}
                      disabled={deleted}
                    />
                  )}
                />
              ))}
            </div>
          </FormSection>
        </fieldset>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-sand bg-white/95 px-4 py-4 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:shadow-lg">
          <Link to={paths.admin} className={buttonClasses('outline', 'md', 'mr-auto')}>
            Cancel
          </Link>
          {editing && !deleted && (
            <Button
              variant="danger"
              onClick={() => setModal('delete')}
              icon={<Trash2 aria-hidden="true" className="size-4" />}
            >
              Delete
            </Button>
          )}
          {!editing && (
            <Button type="submit" icon={<Save aria-hidden="true" className="size-4" />}>
              Save Product
            </Button>
          )}
          {editing && !deleted && (
            <Button type="submit" icon={<Save aria-hidden="true" className="size-4" />}>
              Update Product
            </Button>
          )}
        </div>
      </form>

      {product && (
        <Modal
          open={modal === 'delete'}
          onClose={close}
          title={`Delete ${product.title}`}
          description="Are you sure you want to delete this Product?"
          confirmLabel="Delete"
          confirmVariant="danger"
          confirmLoading={busy}
          onConfirm={() => void confirm()}
        />
      )}
      <Modal
        open={modal === 'save'}
        onClose={close}
        title="Save Product"
        description="Are you sure you want to add this Product?"
        confirmLabel="Save"
        confirmLoading={busy}
        onConfirm={() => void confirm()}
      />
      <Modal
        open={modal === 'update'}
        onClose={close}
        title="Update Product"
        description="Are you sure you want to update this Product?"
        confirmLabel="Update"
        confirmLoading={busy}
        onConfirm={() => void confirm()}
      />
      {renderAddOption(addOptionProps('brand'))}
      {renderAddOption(addOptionProps('category'))}
    </>
  );
}
