import { createSlice } from '@reduxjs/toolkit';

// Placeholder until this feature lands: the state of SPEC §4's user area.
export const userSlice = createSlice({
  name: 'user',
  initialState: { status: 'idle' as 'idle' | 'loading' },
  reducers: {},
});
