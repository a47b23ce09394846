import { createSlice } from '@reduxjs/toolkit';

// Placeholder until this feature lands: the state of SPEC §4's catalog area.
export const catalogSlice = createSlice({
  name: 'catalog',
  initialState: { status: 'idle' as 'idle' | 'loading' },
  reducers: {},
});
