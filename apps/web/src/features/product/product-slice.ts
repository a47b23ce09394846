import { createSlice } from '@reduxjs/toolkit';

// Placeholder until this feature lands: the state of SPEC §4's product area.
export const productSlice = createSlice({
  name: 'product',
  initialState: { status: 'idle' as 'idle' | 'loading' },
  reducers: {},
});
