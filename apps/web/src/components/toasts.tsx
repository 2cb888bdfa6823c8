/** Toasts of spec §8: Carbon toast notifications that close after 3 s. */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { subscribeModalToastSlots, topModalToastSlot } from './modal-toast-slots.ts';
import type ToastStackComponent from './toast-stack.tsx';

export interface Toast {
  kind: 'success' | 'error' | 'info' | 'warning';
  title: string;
  /** A line under the title: why it failed, in the server's words. */
  subtitle?: string;
}

type ShowToast = (toast: Toast) => void;

const ToastContext = createContext<ShowToast | null>(null);
const LOAD_RETRY_MS = 2000;
let nextId = 1;

let stackChunk: Promise<{ default: typeof ToastStackComponent }> | null = null;
/** The toast stack's chunk, fetched once; a failed fetch is tried again on the next call. */
function loadToastStack(): Promise<{ default: typeof ToastStackComponent }> {
  stackChunk ??= import('./toast-stack.tsx').catch((error: unknown) => {
    stackChunk = null;
    throw error;
  });
  return stackChunk;
}
const ToastStack = lazy(loadToastStack);

/**
 * The toast stack is its own chunk, kept out of the login bundle. It is fetched
 * right after the app starts rather than at the first toast: an error toast is
 * most needed when the network has gone, and then a chunk can no longer load
 * (React.lazy would keep that failure and take the whole app down with it).
 * The stack is rendered only once its chunk is here.
 */
function useToastStackLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      loadToastStack().then(
        () => !stopped && setLoaded(true),
        () => {
          if (!stopped) retry = setTimeout(load, LOAD_RETRY_MS);
        },
      );
    void load();
    return () => {
      stopped = true;
      clearTimeout(retry);
    };
  }, []);
  return loaded;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<(Toast & { id: number })[]>([]);
  const stackLoaded = useToastStackLoaded();
  // Over the page, or at the top of the open modal's body (modal-toast-slots.ts): followed here, in
  // the app's first chunk with the modals that register the slots, not in a small chunk of its own.
  const slot = useSyncExternalStore(subscribeModalToastSlots, topModalToastSlot);
  const show = useCallback<ShowToast>((toast) => {
    const id = nextId++;
    setToasts((list) => [...list, { ...toast, id }]);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {toasts.length > 0 && stackLoaded && (
        <Suspense fallback={null}>
          <ToastStack
            toasts={toasts}
            slot={slot}
            onClose={(id) => setToasts((list) => list.filter((x) => x.id !== id))}
          />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast outside ToastProvider');
  return show;
}
