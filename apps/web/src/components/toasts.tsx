/** Toasts of spec §8: Carbon toast notifications that close after 3 s. */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
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
  const show = useCallback<ShowToast>((toast) => {
    const id = nextId++;
    setToasts((list) => [...list, { ...toast, id }]);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {toasts.length > 0 && stackLoaded && (
        <Suspense fallback={null}>
          <ToastStack toasts={toasts} onClose={(id) => setToasts((list) => list.filter((x) => x.id !== id))} />
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
