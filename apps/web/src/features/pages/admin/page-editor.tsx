import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { shopPageBodySchema, type ShopPage, type ShopPageBody } from '@shop/shared/pages';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import type { ApiFailure } from '../../../lib/base-api';
import { PageContent } from '../components/page-content';
import { useResetShopPageMutation, useSaveShopPageMutation } from '../pages-api';
import { usePagePreview } from './use-page-preview';

export interface PageEditorProps {
  page: ShopPage;
}

/** A refusal's own words; without a reply from the server, a line that says nothing was saved. */
const failureText = (err: unknown) =>
  (err as Partial<ApiFailure>).status ? (err as ApiFailure).message : 'Could not save the page. Please try again.';

export function PageEditor({ page }: PageEditorProps) {
  const { register, handleSubmit, control, reset, formState } = useForm<ShopPageBody>({
    resolver: zodResolver(shopPageBodySchema),
    defaultValues: { title: page.title, summary: page.summary, markdown: page.markdown },
  });
  const markdown = useWatch({ control, name: 'markdown' }) ?? '';
  const title = useWatch({ control, name: 'title' }) ?? '';
  const preview = usePagePreview(markdown, page.html);
  const [save, saving] = useSaveShopPageMutation();
  const [restore, restoring] = useResetShopPageMutation();
  const busy = saving.isLoading ? 'save' : restoring.isLoading ? 'reset' : undefined;

  /** The page now shows what the server keeps (the cache has it too), and a toast says so. */
  async function settle(written: Promise<ShopPage>, done: string) {
    try {
      const saved = await written;
      reset({ title: saved.title, summary: saved.summary, markdown: saved.markdown });
      toast.success(done);
    } catch (err) {
      toast.error(failureText(err));
    }
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit((body) => settle(save({ slug: page.slug, body }).unwrap(), 'Page saved'))}
      className="grid gap-8 xl:grid-cols-2"
    >
      <section aria-labelledby="editor-title" className="space-y-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-sand/70 sm:p-6">
        <h2 id="editor-title" className="font-serif text-xl font-semibold text-ink">
          Text
        </h2>
        <TextField label="Title" error={formState.errors.title?.message} {...register('title')} />
        <TextArea
          label="Summary"
          rows={2}
          hint="One or two sentences shown in search results and link previews."
          error={formState.errors.summary?.message}
          {...register('summary')}
        />
        <TextArea
          label="Page text (Markdown)"
          rows={22}
          className="font-mono text-sm"
          hint="## Heading, **bold**, *italic*, - list item, [link](/returns). HTML that could run scripts is removed."
          error={formState.errors.markdown?.message}
          {...register('markdown')}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={busy === 'save'} disabled={busy !== undefined}>
            Save Page
          </Button>
          {page.updatedAt && (
            <Button
              type="button"
              variant="outline"
              loading={busy === 'reset'}
              disabled={busy !== undefined}
              onClick={() => void settle(restore(page.slug).unwrap(), 'Page restored to the default text')}
            >
              Restore Default Text
            </Button>
          )}
        </div>
      </section>
      <section aria-labelledby="preview-title" className="rounded-xl bg-ivory p-5 ring-1 ring-sand/70 sm:p-6">
        <h2 id="preview-title" className="text-xs font-semibold tracking-widest text-teal uppercase">
          Preview
        </h2>
        <p className="mt-2 font-serif text-3xl font-bold text-ink">{title}</p>
        <PageContent html={preview} className="mt-6" />
      </section>
    </form>
  );
}
