import { useToastsRequested } from '@/lib/toast-request';
import { Suspense } from 'react';
import { lazyPage } from '@/lib/lazy-page';
import { AppRouter } from './router';

const ToastHost = lazyPage(() => import('./ToastHost').then((m) => m.default));

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
