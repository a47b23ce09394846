import type { Tracking } from '@shop/shared/shipping';
import { toQuery } from '../../lib/api-client';
import { baseApi } from '../../lib/base-api';

export interface TrackKey {
  /** An order number (`123`, `#123`) or a courier's AWB. */
  ref: string;
  /** The order's phone or email: only then does the reply carry the delivery address. */
  contact?: string;
}

/** The public tracking page's one read (docs/product.md, Shipping): no sign-in, nothing personal without `contact`. */
export const trackApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    trackParcel: build.query<Tracking, TrackKey>({
      query: ({ ref, contact }) => `/track/${encodeURIComponent(ref)}${toQuery({ contact })}`,
    }),
  }),
});

export const { useTrackParcelQuery } = trackApi;
