import { createSlice } from '@reduxjs/toolkit';
import type { PublicShopSettings, ShopSettings } from '@shop/shared/settings';
import { apiThunk } from '../../lib/thunk';
import { settingsApi } from './settings-api';

export interface SettingsState {
  /** The shop's public details (GET /api/settings), once read. */
  shop: PublicShopSettings | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

const initialState: SettingsState = { shop: null, status: 'idle' };

export const fetchShopSettings = apiThunk('settings/fetchShopSettings', () => settingsApi.public());

export const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    /** The admin saved new settings: the footer and the checkout show them without a reload. */
    shopSettingsSaved: (s, a: { payload: ShopSettings }) => {
      const { lowStockThreshold: _, ...shop } = a.payload;
      s.shop = shop;
      s.status = 'loaded';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchShopSettings.pending, (s) => {
        s.status = 'loading';
      })
      .addCase(fetchShopSettings.fulfilled, (s, a) => {
        s.shop = a.payload;
        s.status = 'loaded';
      })
      .addCase(fetchShopSettings.rejected, (s) => {
        s.status = 'failed';
      });
  },
});

export const { shopSettingsSaved } = settingsSlice.actions;

export const selectShopSettings = (s: { settings: SettingsState }) => s.settings.shop ?? undefined;
export const selectShopSettingsStatus = (s: { settings: SettingsState }) => s.settings.status;
