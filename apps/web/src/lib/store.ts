import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { baseApi } from './base-api';

// Each feature adds its slice (`slice.injectInto(rootReducer)` and a `declare module` naming it here),
// so shared code and the store import no feature.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' declarations
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(baseApi).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** A new store; tests make their own (docs/style.md, Tests). */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (defaults) => defaults().concat(baseApi.middleware),
    // A reply is on screen before the code that awaited it goes on (a brand just added is an option
    // before the form chooses it); batching the API's updates to the next frame would turn that round.
    enhancers: (defaults) => defaults({ autoBatch: false }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
