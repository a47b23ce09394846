import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Controller, FormProvider, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES } from '@shop/shared/messages';
import { AlertTriangle, Plus, Save, Trash2, X } from 'lucide-react';
import { taxClassOf, type GstRule } from '@shop/shared/gst';
import { formatRupees } from '@shop/shared/money';
import { GST_RATES, type CategorySizeChart, type Product, type ProductBody } from '@shop/shared/product';
import { errorText } from '../../../lib/error-text';
import { Button, buttonClasses } from '../../../components/ui/button';
import { FormSection } from '../../../components/ui/form-section';
import { Modal } from '../../../components/ui/modal';
import { RadioCard } from '../../../components/ui/radio-card';
import { Select } from '../../../components/ui/select';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { colourLabels } from './colour-labels';
import { ColorsSizes } from './colors-sizes';
import { DetailsFields } from './details-fields';
import { ParcelFields } from './parcel-fields';
import { PhotoList } from './photo-list';
import { useCreateProductMutation, useUpdateProductMutation } from './product-admin-api';
import {
  colorKey,
  gridOf,
  MAX_HIGHLIGHTS,
  missingColorsOrSizes,
  photoLabel,
  productEditorSchema,
  toFormValues,
  toProductBody,
  type ProductFormInput,
  type ProductFormValues,
  type StockMode,
} from './product-form-values';
import { ReturnsField } from './returns-field';
import { SizeChartSection } from './size-chart-section';
import { SizeChartEditor, type SizeChartEditorProps } from './size-chart-editor';
import { StockGrid } from './stock-grid';

export type ProductFormModal =
  'none' | 'delete' | 'save' | 'update' | 'addBrand' | 'addCategory' | 'categoryChart';

/** The add-brand / add-category dialog, supplied by the page (the catalog feature owns it). */
export interface AddOptionDialogProps {
  kind: 'brand' | 'category';
  open: boolean;
  onClose: () => void;
  /** Called with the new option's value once it exists; the form selects it. */
  onAdded: (value: string) => void;
}

/** The category's size chart dialog, supplied by the page (the catalog feature owns category charts). */
export interface CategoryChartDialogProps {
  category: string;
  open: boolean;
  onClose: () => void;
  /** The chart editor to show: this feature's, handed over since a feature imports no other. */
  Editor: ComponentType<SizeChartEditorProps>;
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
  /** Every category's chart; undefined while unknown. */
  categoryCharts?: readonly CategorySizeChart[];
  renderCategoryChart?: (props: CategoryChartDialogProps) => ReactNode;
  /** The shop's default parcel weight (Settings → Shipping), shown in the empty weight field. */
  defaultWeightGrams?: number;
}

const chartOf = (charts: readonly CategorySizeChart[] | undefined, category: string | undefined) =>
  charts === undefined ? undefined : (charts.find((c) => c.category === category)?.chart ?? null);

const resolver = zodResolver(productEditorSchema) as unknown as Resolver<
  ProductFormInput,
  unknown,
  ProductFormValues
>;

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

export function ProductForm({
  product,
  brands,
  categories,
  renderAddOption,
  categoryCharts,
  renderCategoryChart,
  defaultWeightGrams,
}: ProductFormProps) {
  const [createProduct] = useCreateProductMutation();
  const [updateProduct] = useUpdateProductMutation();
  const navigate = useNavigate();
  const editing = product !== undefined;
  const deleted = product?.deleted ?? false;
  const [modal, setModal] = useState<ProductFormModal>('none');
  const [busy, setBusy] = useState(false);
  const body = useRef<ProductBody | null>(null);
  const chartTouched = useRef(!editing);
  const focusGrid = useRef(false);

  const form = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver,
    defaultValues: toFormValues(product, chartOf(categoryCharts, product?.category)),
  });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    setFocus,
    watch,
    formState: { errors },
  } = form;
  const colors = watch('colors');
  const sizes = watch('sizes');
  const sizeUnit = watch('sizeUnit');
  const stockMode = watch('stockMode');
  const highlights = watch('highlights');
  const names = colourLabels(colors);

  const colorSizeCheck = () => {
    const missing = missingColorsOrSizes(getValues('colors'), getValues('sizes'));
    if (missing) toast.error(missing);
    return missing === null;
  };

  const onValid = (values: ProductFormValues) => {
    if (!colorSizeCheck()) return;
    body.current = toProductBody(values, {
      hadVariants: (product?.variants?.length ?? 0) > 0,
      chartEdited: chartTouched.current,
    });
    setModal(editing ? 'update' : 'save');
  };

  function switchStock(next: StockMode) {
    if (next === stockMode) return;
    if (next === 'shared' && getValues('stock').trim() === '') {
      // Back to one stock: start from what the variants held.
      const cells = getValues('cells');
      const sum = gridOf(colors, sizes).reduce((n, c) => n + (Number(cells[c.key]?.stock) || 0), 0);
      if (sum > 0) setValue('stock', String(sum));
    }
    focusGrid.current = next === 'variant';
    setValue('stockMode', next, { shouldDirty: true });
  }

  // One click asks for each variant's stock: the first one takes the focus.
  useEffect(() => {
    if (!focusGrid.current || stockMode !== 'variant') return;
    focusGrid.current = false;
    const first = gridOf(colors, sizes)[0];
    if (first) setFocus(`cells.${first.key}.stock`);
  }, [stockMode, colors, sizes, setFocus]);

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
  const setList = (name: 'colors' | 'sizes', list: string[]) => setValue(name, list, { shouldDirty: true });
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
    <FormProvider {...form}>
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

          <FormSection title="Pricing">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Price (₹)"
                type="number"
                inputMode="numeric"
                step="1"
                min={1}
                hint="Including GST"
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
            </div>
          </FormSection>

          <FormSection title="Colors & Sizes">
            <ColorsSizes
              colors={colors}
              sizes={sizes}
              sizeUnit={sizeUnit}
              onColorsChange={(list) => setList('colors', list)}
              onSizesChange={(list) => setList('sizes', list)}
              onSizeUnitChange={(unit) => setValue('sizeUnit', unit, { shouldDirty: true })}
              sizesError={errors.sizes?.message}
              disabled={deleted}
            />
          </FormSection>

          <FormSection title="Stock & Variants">
            <div role="radiogroup" aria-label="How stock is kept" className="grid gap-3 md:grid-cols-2">
              <RadioCard
                name="stockMode"
                checked={stockMode === 'shared'}
                onChange={() => switchStock('shared')}
              >
                <span>
                  <span className="block font-medium text-ink">One stock for all colours and sizes</span>
                  <span className="block text-sm text-ink-soft">
                    Any colour and size sells from the same count
                  </span>
                </span>
              </RadioCard>
              <RadioCard
                name="stockMode"
                checked={stockMode === 'variant'}
                onChange={() => switchStock('variant')}
              >
                <span>
                  <span className="block font-medium text-ink">Stock per colour and size</span>
                  <span className="block text-sm text-ink-soft">A count, SKU and price for each</span>
                </span>
              </RadioCard>
            </div>
            <div className="mt-5">
              {stockMode === 'shared' ? (
                <TextField
                  label="Stock"
                  type="number"
                  inputMode="numeric"
                  step="1"
                  min={1}
                  wrapperClassName="max-w-xs"
                  error={errors.stock?.message}
                  {...register('stock')}
                />
              ) : (
                <StockGrid
                  colors={colors}
                  sizes={sizes}
                  sizeUnit={sizeUnit}
                  price={watch('price')}
                  disabled={deleted}
                />
              )}
            </div>
          </FormSection>

          <FormSection
            title="Product Images"
            description="1 to 8 photos; the first is the thumbnail. Upload each (3:4 portrait works best) or paste its URL."
          >
            <PhotoList name="photos" label={photoLabel} addLabel="Add photo" disabled={deleted} />
          </FormSection>

          {colors.length > 0 && (
            <FormSection
              title="Photos per colour"
              description="Optional: the photos a shopper sees on choosing the colour."
            >
              <div className="space-y-6">
                {colors.map((c) => (
                  <fieldset key={c} className="min-w-0">
                    <legend className="mb-3 flex items-center gap-2 text-sm font-semibold text-ink">
                      <span
                        aria-hidden="true"
                        className="size-4 rounded-full ring-1 ring-ink/20"
                        style={{ backgroundColor: c }}
                      />
                      {names.get(c)}
                    </legend>
                    <PhotoList
                      name={`colorPhotos.${colorKey(c)}`}
                      label={(i) => `${names.get(c)} photo ${i + 1}`}
                      addLabel={`Add photo for ${names.get(c)}`}
                      disabled={deleted}
                    />
                  </fieldset>
                ))}
              </div>
            </FormSection>
          )}

          <FormSection
            title="Product Highlights"
            description="Short lines shoppers read under Key Highlights: the first is required, up to 8."
          >
            <div className="grid gap-5 md:grid-cols-2">
              {highlights.map((_, i) => (
                <div key={i} className="flex items-start gap-2">
                  <Controller
                    control={control}
                    name={`highlights.${i}`}
                    render={({ field, fieldState }) => (
                      <TextField
                        label={`Highlight ${i + 1}`}
                        autoComplete="off"
                        wrapperClassName="flex-1"
                        error={fieldState.error?.message}
                        {...field}
                      />
                    )}
                  />
                  {i > 0 && (
                    <Button
                      variant="ghost"
                      className="mt-7 px-3"
                      aria-label={`Remove highlight ${i + 1}`}
                      onClick={() =>
                        setValue(
                          'highlights',
                          getValues('highlights').filter((__, k) => k !== i),
                        )
                      }
                      icon={<X aria-hidden="true" className="size-4" />}
                    />
                  )}
                </div>
              ))}
            </div>
            {highlights.length < MAX_HIGHLIGHTS && (
              <Button
                variant="outline"
                size="sm"
                className="mt-4"
                onClick={() => setValue('highlights', [...getValues('highlights'), ''])}
                icon={<Plus aria-hidden="true" className="size-4" />}
              >
                Add highlight
              </Button>
            )}
          </FormSection>

          <FormSection
            title="Details"
            description="What the product page lists under Details; leave empty what does not apply."
          >
            <DetailsFields />
          </FormSection>

          <FormSection title="Size chart">
            <SizeChartSection
              categoryChart={chartOf(categoryCharts, category)}
              onEditCategoryChart={renderCategoryChart ? () => setModal('categoryChart') : undefined}
              onTouched={() => (chartTouched.current = true)}
              disabled={deleted}
            />
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

          <FormSection
            title="Parcel"
            description="What the shipping charge is worked out from: the packed weight and the box."
          >
            <ParcelFields defaultWeightGrams={defaultWeightGrams} />
          </FormSection>

          <FormSection title="Returns">
            <ReturnsField />
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
      {renderCategoryChart && category
        ? renderCategoryChart({
            category,
            open: modal === 'categoryChart',
            onClose: close,
            Editor: SizeChartEditor,
          })
        : null}
    </FormProvider>
  );
}
