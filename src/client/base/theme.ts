import { createTheme } from '@mui/material/styles';

const brand = '#0b4f8a';

/** Keyboard focus must stay visible on every control (WCAG 2.4.7). */
const focusRing = { outline: `3px solid ${brand}`, outlineOffset: 2 };

/**
 * Phones and tablets (below md, where the menu is a drawer) are used by touch: every control is at
 * least 44 px high and wide there (WCAG 2.5.8 asks 24; Apple and Google ask more).
 */
export const TOUCH = '@media (max-width:899.95px)';
/** Phones: dialogs take the whole screen, small tables stack their rows. */
export const PHONE = '@media (max-width:599.95px)';
/** The media query of a phone, for useMediaQuery. */
export const PHONE_QUERY = PHONE.replace('@media ', '');
export const TOUCH_SIZE = 44;
const touchTarget = { [TOUCH]: { minWidth: TOUCH_SIZE, minHeight: TOUCH_SIZE } };

export const theme = createTheme({
  palette: {
    primary: { main: brand, dark: '#073764', light: '#3d74a6', contrastText: '#ffffff' },
    secondary: { main: '#00695c', contrastText: '#ffffff' },
    // Darker than MUI's defaults so white text on filled alerts and toasts stays readable.
    success: { main: '#2e7d32', contrastText: '#ffffff' },
    info: { main: '#01579b', contrastText: '#ffffff' },
    error: { main: '#c62828', contrastText: '#ffffff' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
    text: { primary: '#1c2430', secondary: '#4a5566' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 600 },
    h2: { fontSize: '1.375rem', fontWeight: 600 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
  },
  components: {
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiLink: {
      styleOverrides: {
        root: { '&:focus-visible': focusRing },
        // A link that is a button in a line of text ('Stop met beheren') is a touch target too.
        button: { [TOUCH]: { display: 'inline-flex', alignItems: 'center', minHeight: TOUCH_SIZE, minWidth: TOUCH_SIZE } },
      },
    },
    MuiButton: {
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600, [TOUCH]: { minHeight: TOUCH_SIZE } } },
    },
    MuiIconButton: { styleOverrides: { root: touchTarget } },
    MuiCheckbox: { styleOverrides: { root: touchTarget } },
    MuiRadio: { styleOverrides: { root: touchTarget } },
    MuiMenuItem: { styleOverrides: { root: { [TOUCH]: { minHeight: TOUCH_SIZE } } } },
    MuiTab: { styleOverrides: { root: { [TOUCH]: { minHeight: 48 } } } },
    MuiTableCell: {
      styleOverrides: {
        // Amounts and other figures sit right-aligned; '€ 1.234,50' never breaks after the '€'. In a
        // stacked row (DataTable's STACKED) the label stays before the value: MUI reverses the row.
        alignRight: { whiteSpace: 'nowrap', flexDirection: 'row' },
        // A link in a table cell (the way to a detail) is a touch target of its own.
        root: { [TOUCH]: { '& a': { display: 'inline-flex', alignItems: 'center', minHeight: TOUCH_SIZE } } },
      },
    },
    MuiDialog: {
      styleOverrides: {
        // fullScreen on phones, for every dialog, as MUI's fullScreen prop lays it out.
        paper: { [PHONE]: { margin: 0, width: '100%', maxWidth: '100%', height: '100%', maxHeight: 'none', borderRadius: 0 } },
      },
    },
  },
});

/** Focus ring for controls on the dark header. */
export const onDarkFocus = { '& .Mui-focusVisible, & a:focus-visible, & form[role="search"]:focus-within': { outlineColor: '#ffffff' } };
