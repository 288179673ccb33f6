/**
 * The wishlist and compare list of this tab: the two collections of the local database watched as items, and the
 * add and remove operations that write them (sku-list.collection.ts) and show their notices. Started on first use,
 * after the first paint; the local database is the one the cart runtime opens (one per tab).
 */
import type { ProductSnapshot } from '@shop/shared/sync/document.schema';
import { isStoreCode } from '@shop/shared/stores/stores';
import i18next from 'i18next';
import { BehaviorSubject, type Observable } from 'rxjs';
import { getShopDatabase, type ShopDatabase } from '../../app/database.ts';
import { notify } from '../../ui/notifications.tsx';
import { loadContentTexts } from './content-texts.ts';
import { listNotification, type ListKind } from './list-notices.ts';
import { addToList, removeFromList, watchList, type AddOutcome, type ListItem, type NextWrite } from './sku-list.collection.ts';
import { newId, replicaId } from '../sync/replica.ts';


export interface ProductForList extends ProductSnapshot {
  sku: string;
}

export interface SkuList {
  /** The items, most recently added first; null until the database first answers. */
  items$: Observable<ListItem[] | null>;
  current(): ListItem[] | null;
  add(product: ProductForList): Promise<AddOutcome>;
  remove(item: Pick<ProductForList, 'sku' | 'name'>): Promise<boolean>;
}

export type ListsRuntime = Record<ListKind, SkuList>;



function compareHref(): string {
  const first = typeof window === 'undefined' ? undefined : window.location.pathname.split('/')[1];
  return `/${isStoreCode(first) ? first : 'nl'}/compare`;
}

export interface ListsOptions {
  /** Where notices go; the shop's notification host by default. */
  notify?: typeof notify;
}

export function createListsRuntime(database: ShopDatabase, options: ListsOptions = {}): ListsRuntime {
  const replica = replicaId();
  const nextWrite: NextWrite = () => ({ id: newId(), at: Date.now(), replica });
  const show = options.notify ?? notify;
  const make = (kind: ListKind): SkuList => {
    const collection = database.collections[kind];
    const items$ = new BehaviorSubject<ListItem[] | null>(null);
    watchList(collection).subscribe((items) => items$.next(items));
    const notice = (change: 'added' | 'removed', name: string) => {
      const t = i18next.getFixedT(null, 'wishlist');
      show(listNotification(kind, change, name, t, compareHref()), { regionLabel: t('notices.region') });
    };
    return {
      items$,
      current: () => items$.getValue(),
      add: async ({ sku, ...snapshot }) => {
        const outcome = await addToList(collection, sku, snapshot, nextWrite);
        if (outcome === 'added') notice('added', snapshot.name);
        return outcome;
      },
      remove: async ({ sku, name }) => {
        const removed = await removeFromList(collection, sku, nextWrite);
        if (removed) notice('removed', name);
        return removed;
      },
    };
  };
  return { wishlist: make('wishlist'), compare: make('compare') };
}

let runtime: Promise<ListsRuntime> | undefined;

/** This tab's lists, started on the first call (with their texts). */
export function loadLists(): Promise<ListsRuntime> {
  runtime ??= Promise.all([getShopDatabase(), loadContentTexts('wishlist')])
    .then(([database]) => createListsRuntime(database))
    .catch((error: unknown) => {
      runtime = undefined;
      throw error;
    });
  return runtime;
}
