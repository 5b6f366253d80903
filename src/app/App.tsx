import { lazy, Suspense } from 'react';
import { useToastsRequested } from '@/lib/toast';
import { AppRouter } from './router';

const ToastHost = lazy(() => import('./ToastHost'));

export default function App() {
  const toastsRequested = useToastsRequested();
  return (
    <>
      <AppRouter />
      {toastsRequested && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </>
  );
}
