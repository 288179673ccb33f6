import type { StoreCode, StoreView } from '@shop/shared';
import { DEFAULT_STORE, STORE_VIEWS } from '@shop/shared/stores/stores';
import { createContext, useContext, type ReactNode } from 'react';

const StoreContext = createContext<StoreCode>(DEFAULT_STORE);

export function StoreProvider({ store, children }: { store: StoreCode; children: ReactNode }) {
  return <StoreContext value={store}>{children}</StoreContext>;
}

export function useStore(): StoreCode {
  return useContext(StoreContext);
}

export function useStoreView(): StoreView {
  return STORE_VIEWS[useStore()];
}
