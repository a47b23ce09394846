import { createSlice } from '@reduxjs/toolkit';

// Placeholder until this feature lands: the state of SPEC §4's cart area.
export const cartSlice = createSlice({
  name: 'cart',
  initialState: { status: 'idle' as 'idle' | 'loading' },
  reducers: {},
});
