import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { impersonationStarted, impersonationStopped, loggedOut, sessionStarted } from './authSlice';
import { snapshotLoaded } from './snapshotLoaded';

/** UI choices that are harmless to read, so they may be persisted (decisions section 9). */
export interface UiState {
  /** ISO date of the first day of the month chosen on the dashboard; null = current month. */
  selectedMonth: string | null;
  sidebarOpen: boolean;
  /** The company being managed; lets a reload act for it again. */
  managedCompanyId: number | null;
  /**
   * ISO date of the first day of the month the user chose on /kosten in this session (picked, or
   * opened from its summary); null until then, and /kosten shows its default (costs/selectors.ts).
   * Not persisted (uiPersist's whitelist): spec section 2 sends the cost detail screens back to
   * /kosten "when no month was selected", which is what a fresh start is.
   */
  costsMonth: string | null;
}

export const initialUiState: UiState = { selectedMonth: null, sidebarOpen: true, managedCompanyId: null, costsMonth: null };

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    monthSelected: (state, { payload }: PayloadAction<string>) => {
      state.selectedMonth = payload;
    },
    costsMonthSelected: (state, { payload }: PayloadAction<string>) => {
      state.costsMonth = payload;
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
        state.costsMonth = null;
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
    selectChosenCostsMonth: (ui) => ui.costsMonth,
  },
});

export const { monthSelected, costsMonthSelected, sidebarToggled } = uiSlice.actions;
export const { selectStoredMonth, selectSidebarOpen, selectManagedCompanyId, selectChosenCostsMonth } = uiSlice.selectors;
export const uiReducer = uiSlice.reducer;
