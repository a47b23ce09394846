import { createSlice } from '@reduxjs/toolkit';

// Placeholder until this feature lands: the state of SPEC §4's order area.
export const orderSlice = createSlice({
  name: 'order',
  initialState: { status: 'idle' as 'idle' | 'loading' },
  reducers: {},
});
