import { toast } from 'react-toastify';
import { errorText } from '../../../lib/error-text';
import { useGetPriceDropMailsQuery, useSetPriceDropMailsMutation } from '../wishlist-api';

/** docs/product.md, Wishlist: the profile's opt-out of the price-drop mails (at most one a day). */
export function PriceDropMailsToggle() {
  const { data } = useGetPriceDropMailsQuery();
  const [save, { isLoading }] = useSetPriceDropMailsMutation();
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-ink">
      <input
        type="checkbox"
        className="mt-0.5 size-5 accent-maroon"
        checked={data?.priceDropMails ?? false}
        disabled={!data || isLoading}
        onChange={(e) =>
          void save(e.target.checked).then((r) => {
            if (r.error) toast.error(errorText(r.error));
          })
        }
      />
      <span>
        Mail me when something on my wishlist drops in price
        <span className="block text-ink-soft">At most one mail a day.</span>
      </span>
    </label>
  );
}
