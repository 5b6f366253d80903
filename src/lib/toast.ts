import { toast } from 'react-toastify';

/** The one toast helper: top-right, 5000 ms (see app/App.tsx for the container). */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  info: (message: string) => toast.info(message),
};

export const TOAST_AUTO_CLOSE_MS = 5000;
