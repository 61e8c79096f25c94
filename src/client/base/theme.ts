import { createTheme } from '@mui/material/styles';

const brand = '#0b4f8a';

/** Keyboard focus must stay visible on every control (WCAG 2.4.7). */
const focusRing = { outline: `3px solid ${brand}`, outlineOffset: 2 };

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
      styleOverrides: { root: { '&:focus-visible': focusRing } },
    },
    MuiButton: {
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
    },
  },
});

/** Focus ring for controls on the dark header. */
export const onDarkFocus = { '& .Mui-focusVisible, & a:focus-visible, & form[role="search"]:focus-within': { outlineColor: '#ffffff' } };
