import { createSlice } from '@reduxjs/toolkit';

// Placeholder until this feature lands: the state of SPEC §4's payment area.
export const paymentSlice = createSlice({
  name: 'payment',
  initialState: { status: 'idle' as 'idle' | 'loading' },
  reducers: {},
});
