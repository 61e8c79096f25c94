import CloseIcon from '@mui/icons-material/Close';
import { Alert, IconButton } from '@mui/material';
import { closeSnackbar, type CustomContentProps, SnackbarContent } from 'notistack';
import { forwardRef } from 'react';

const severityOf = (variant: CustomContentProps['variant']) =>
  variant === 'success' || variant === 'error' || variant === 'warning' ? variant : 'info';

/** A toast drawn as an MUI Alert: theme colours with enough contrast, and a close button. */
export const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent(
  { id, message, variant },
  ref,
) {
  return (
    <SnackbarContent ref={ref}>
      <Alert
        variant="filled"
        severity={severityOf(variant)}
        sx={{ width: '100%', alignItems: 'center' }}
        action={
          <IconButton aria-label="Melding sluiten" color="inherit" size="small" onClick={() => closeSnackbar(id)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});
