import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { impersonationStarted, impersonationStopped, loggedOut, sessionEnded, sessionStarted } from './authSlice';
import { snapshotLoaded } from './snapshotLoaded';

/** UI choices that are harmless to read, so they may be persisted (docs/rules.md, 'Tokens and sessions'). */
export interface UiState {
  /** ISO date of the first day of the month chosen on the dashboard; null = current month. */
  selectedMonth: string | null;
  sidebarOpen: boolean;
  /** The company being managed; lets a reload act for it again. */
  managedCompanyId: number | null;
}

export const initialUiState: UiState = { selectedMonth: null, sidebarOpen: true, managedCompanyId: null };

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    monthSelected: (state, { payload }: PayloadAction<string>) => {
      state.selectedMonth = payload;
    },
    sidebarToggled: (state) => {
      state.sidebarOpen = !state.sidebarOpen;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(impersonationStarted, (state, { payload }) => {
        state.managedCompanyId = payload.companyId;
      })
      .addCase(sessionStarted, (state, { payload }) => {
        if (payload.originalToken === null) state.managedCompanyId = null;
      })
      .addCase(impersonationStopped, (state) => {
        state.managedCompanyId = null;
      })
      .addCase(loggedOut, (state) => {
        state.managedCompanyId = null;
      })
      // A session that has ended manages no company: logging in again starts on the user's own.
      .addCase(sessionEnded, (state) => {
        state.managedCompanyId = null;
      })
      .addCase(snapshotLoaded, (state, { payload }) => {
        // The managed company belongs to the session, which a snapshot never carries.
        state.selectedMonth = payload.ui.selectedMonth;
        state.sidebarOpen = payload.ui.sidebarOpen;
      });
  },
  selectors: {
    selectStoredMonth: (ui) => ui.selectedMonth,
    selectSidebarOpen: (ui) => ui.sidebarOpen,
    selectManagedCompanyId: (ui) => ui.managedCompanyId,
  },
});

export const { monthSelected, sidebarToggled } = uiSlice.actions;
export const { selectStoredMonth, selectSidebarOpen, selectManagedCompanyId } = uiSlice.selectors;
export const uiReducer = uiSlice.reducer;
