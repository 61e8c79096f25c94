import { useTheme } from '@mui/material/styles';
import type { GroupBase, StylesConfig } from 'react-select';

/**
 * react-select looking like the MUI outlined fields around it: the same height and borders, a
 * red border when invalid, a readable placeholder, its menu above dialogs, and a remove cross
 * on chosen values with enough contrast.
 */
export const useSelectStyles = <Option, IsMulti extends boolean = false>(
  invalid = false,
): StylesConfig<Option, IsMulti, GroupBase<Option>> => {
  const theme = useTheme();
  return {
    control: (base, state) => ({
      ...base,
      minHeight: 56,
      borderColor: invalid ? theme.palette.error.main : state.isFocused ? theme.palette.primary.main : theme.palette.grey[500],
      boxShadow: state.isFocused ? `0 0 0 1px ${invalid ? theme.palette.error.main : theme.palette.primary.main}` : 'none',
    }),
    placeholder: (base) => ({ ...base, color: theme.palette.text.secondary }),
    menu: (base) => ({ ...base, zIndex: theme.zIndex.modal }),
    multiValueRemove: (base) => ({ ...base, color: theme.palette.text.primary }),
  };
};
