import { useToastsRequested } from '@/lib/toast-request';
import { Suspense } from 'react';
import { lazyPage } from '@/lib/lazy-page';
import { AppRouter } from './router';

const ToastHost = lazyPage(() => import('./ToastHost').then((m) => m.default));

/** `arrivedFrom`: the path of the page that started the app by a link (src/app/start.tsx). */
export default function App({ arrivedFrom }: { arrivedFrom?: string }) {
  const toastsRequested = useToastsRequested();
  return (
    <>
      <AppRouter arrivedFrom={arrivedFrom} />
      {toastsRequested && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </>
  );
}
