import { useToastsRequested } from '@/lib/toast';
import { lazyComponent } from '@/lib/lazy-component';
import { AppRouter } from './router';

const ToastHost = lazyComponent(() => import('./ToastHost').then((m) => m.default));

export default function App() {
  const toastsRequested = useToastsRequested();
  return (
    <>
      <AppRouter />
      {toastsRequested && <ToastHost fallback={null} />}
    </>
  );
}
