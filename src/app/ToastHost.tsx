import { useEffect, useRef } from 'react';
import { ToastContainer, toast, type CloseButtonProps } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { toastHostMounted } from '@/lib/toast';

/*
 * react-toastify gives its toasts their own font (`--toastify-font-family: sans-serif`) and a gray
 * text (#757575, 4.6:1); inline styles win over its stylesheet whatever the load order, so toasts
 * use the site's font and its dark text. The colour is named: `inherit` took the white that
 * react-toastify gives its container, and the message was white on the toast's white.
 */
const TOAST_STYLE = { fontFamily: 'inherit', color: '#101828' /* the site's gray-900 */ } as const;

/**
 * The specification's constants: 5000 ms, top-right, on every screen size. The time to read a
 * longer message comes from the pauses: while the pointer is over a toast, while the keyboard
 * focus is in one and while the window is in the background.
 */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_POSITION = 'top-right';

/** The container's name, read by screen readers (react-toastify's own is "Notifications Alt+T"). */
export const TOAST_REGION_LABEL = 'Notifications (Alt+T)';
export const TOAST_CLOSE_LABEL = 'Fermer la notification';

/**
 * react-toastify's close button is named "close" in English and drawn at 30 % opacity (below
 * 3:1): a French name, a solid gray icon and a 44 px target.
 */
function CloseButton({ closeToast }: Partial<CloseButtonProps>) {
  return (
    <button
      type="button"
      aria-label={TOAST_CLOSE_LABEL}
      onClick={(event) => {
        event.stopPropagation();
        closeToast?.(true);
      }}
      className="-my-1 -mr-1 flex size-11 shrink-0 items-center justify-center self-start rounded-md text-gray-700 hover:bg-gray-100 hover:text-gray-950 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
        <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
      </svg>
    </button>
  );
}

/** Loaded on the first toast (see src/lib/toast.ts). */
export default function ToastHost() {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => toastHostMounted(), []);
  useEffect(() => {
    // react-toastify plays every toast again when the window comes back to the foreground
    // (pauseOnFocusLoss), even one the keyboard focus is still in: it then closed under the
    // reader. Its handler runs after this one, so the pause is taken back once it has run.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const keepPaused = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (host.current?.contains(document.activeElement)) toast.pause();
      });
    };
    window.addEventListener('focus', keepPaused);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', keepPaused);
    };
  }, []);
  return (
    // The toasts pause while the keyboard focus is inside one (Tab, or Alt+T) and play again
    // when it leaves: react-toastify pauses only on hover, Alt+T and a background window.
    <div
      ref={host}
      className="contents"
      onFocus={() => toast.pause()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) toast.play();
      }}
    >
      <ToastContainer
        position={TOAST_POSITION}
        autoClose={TOAST_AUTO_CLOSE_MS}
        newestOnTop
        pauseOnHover
        pauseOnFocusLoss
        // Each toast is a status inside the container's polite live region: read once. Toasts
        // with role="alert" there were announced twice (the alert, then the live region).
        role="status"
        aria-label={TOAST_REGION_LABEL}
        closeButton={CloseButton}
        // The progress bar is a progressbar named "notification timer" in English: hidden; the
        // pause on hover and focus leaves the time to read.
        hideProgressBar
        toastStyle={TOAST_STYLE}
      />
    </div>
  );
}
