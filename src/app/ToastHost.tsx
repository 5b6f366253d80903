import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS, toastHostMounted } from '@/lib/toast';

/** Loaded on the first toast (see src/lib/toast.ts). */
export default function ToastHost() {
  useEffect(() => toastHostMounted(), []);
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />;
}
