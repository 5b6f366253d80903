import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS, toastHostMounted } from '@/lib/toast';

/*
 * react-toastify gives its toasts their own font (`--toastify-font-family: sans-serif`); inline,
 * `inherit` wins over its stylesheet whatever the load order, so toasts use the site's font.
 */
const TOAST_STYLE = { fontFamily: 'inherit' } as const;

/** Loaded on the first toast (see src/lib/toast.ts). */
export default function ToastHost() {
  useEffect(() => toastHostMounted(), []);
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      toastStyle={TOAST_STYLE}
    />
  );
}
