import { useEffect, useState } from 'react';
import { loadNamespace, type Namespace } from './i18n.ts';

/** Whether `namespace`'s texts are loaded; asks for them on first use. */
export function useNamespace(namespace: Namespace): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadNamespace(namespace).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [namespace]);
  return ready;
}
