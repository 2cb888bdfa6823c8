/** Toasts of spec §8: Carbon toast notifications that close after 3 s. */
import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';

export interface Toast {
  kind: 'success' | 'error' | 'info' | 'warning';
  title: string;
}

type ShowToast = (toast: Toast) => void;

const ToastContext = createContext<ShowToast | null>(null);
const ToastStack = lazy(() => import('./toast-stack.tsx'));
let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<(Toast & { id: number })[]>([]);
  const show = useCallback<ShowToast>((toast) => {
    const id = nextId++;
    setToasts((list) => [...list, { ...toast, id }]);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {toasts.length > 0 && (
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
