import { Suspense } from 'react';
import { useToastsRequested } from '@/lib/toast';
import { lazyComponent } from './lazy-component';
import { AppRouter } from './router';

const ToastHost = lazyComponent(() => import('./ToastHost'));

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
