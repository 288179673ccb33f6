import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { loadNamespace, type Namespace } from './i18n.ts';
import { onServer, wantOnServer } from './server-pass.ts';

/** Whether `namespace`'s texts are loaded; asks for them on first use. */
export function useNamespace(namespace: Namespace): boolean {
  const [ready, setReady] = useState(() => i18next.hasResourceBundle(i18next.language, namespace));
  if (onServer && !ready) wantOnServer(`texts ${namespace}`, () => loadNamespace(namespace));
  useEffect(() => {
    let live = true;
    void loadNamespace(namespace).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [namespace]);
  return ready;
}
